import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { Apps, type AppsProps } from './apps'
import { appsElementCss } from './elements-css'

/** The AI apps bundle (/elements/apps.js): registers `<zx-apps>` (no attributes; see apps.tsx). */
defineZxElement<AppsProps>('zx-apps', Apps, { css: appsElementCss })
