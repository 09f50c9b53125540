import { checkListCss, kitCss } from '../shared/ui'
import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { EmbedAdmin, embedAdminCss, type EmbedAdminProps } from './embed-admin'

/**
 * The embed management bundle (/elements/embed-admin.js): registers
 * `<zx-embed-admin>` (no attributes), a teacher's embed keys and, for
 * managers, the portal pages. The AI apps page shows it in its 网站嵌入 tab.
 */
/**
 * A teacher's embed keys and, for managers, the portal pages (the AI apps
 * page shows it in its 网站嵌入 tab). No attributes.
 * @tag zx-embed-admin
 * @csspart base - the whole page
 * @csspart header - the title, the introduction and New key
 * @csspart body - the keys, or the empty state
 * @csspart actions - New key
 */
defineZxElement<EmbedAdminProps>('zx-embed-admin', EmbedAdmin, { css: [kitCss, checkListCss, embedAdminCss].join('\n') })
