import { uiCss } from '../dialogue/ui'
import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { Apps, appsCss, type AppsProps } from './apps'
import { assistantCardCss } from './assistant-card'
import { assistantEditorCss } from './assistant-editor'
import { avatarCss } from './avatar'
import { formAppCss } from './form-app'
import { formFieldCss } from './form-field'

/** Everything the gallery draws (the practice page draws the same cards and editor). */
export const appsElementCss = [uiCss, avatarCss, assistantCardCss, formFieldCss, formAppCss, assistantEditorCss, appsCss].join('\n')

/** The AI apps bundle (/elements/apps.js): registers `<zx-apps>` (no attributes; see apps.tsx). */
defineZxElement<AppsProps>('zx-apps', Apps, { css: appsElementCss })
