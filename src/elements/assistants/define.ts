import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { Apps, type AppsProps } from './apps'
import { appsElementCss } from './elements-css'

/** The AI apps bundle (/elements/apps.js, its published name: scripts/bundle-names.mjs): registers `<zx-apps>` (no attributes; see apps.tsx). */
/**
 * The AI apps gallery (`/course/apps`): assistants by category with search,
 * favourites and recently used first, form apps and, on the teaching side,
 * the assistants you made. A card opens `/course/chat?assistantId=…`. No attributes.
 * @tag zx-apps
 * @csspart base - the whole page
 * @csspart header - the title row with the search and the buttons
 * @csspart body - the tab's cards, a form app or the embed keys
 * @csspart actions - the search and New assistant
 */
defineZxElement<AppsProps>('zx-apps', Apps, { css: appsElementCss })
