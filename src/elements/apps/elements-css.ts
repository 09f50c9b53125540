import { uiCss } from '../dialogue/ui'
import { appsCss } from './apps'
import { assistantCardCss } from './assistant-card'
import { assistantEditorCss } from './assistant-editor'
import { avatarCss } from './avatar'
import { avatarUploadCss } from './avatar-upload'
import { checkListCss } from './check-list'
import { formAppCss } from './form-app'
import { formFieldCss } from './form-field'

/** Everything the gallery draws; the practice page draws the same cards, sections and editor. */
export const appsElementCss = [uiCss, avatarCss, assistantCardCss, formFieldCss, formAppCss, assistantEditorCss, checkListCss, avatarUploadCss, appsCss].join('\n')
