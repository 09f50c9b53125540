import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { EmbedChat, embedChatCss, type EmbedChatProps } from './embed-chat'
import { PortalPage, portalPageCss, type PortalPageProps } from './portal-page'

/**
 * The public pages' bundle (/elements/portal.js), loaded by signed-out
 * visitors too, so it holds only what those pages show:
 *   <zx-embed-chat key="zxk_…" height="auto">  the full-page chat of /externalChat, /iframe, /fullDialogue
 *   <zx-portal slug="mainPortal">                 the portal pages /portal, /mainPortal, /secondIndustryPortal
 */
/**
 * The full-page chat of /externalChat, /iframe and /fullDialogue: the
 * script-tag widget (docs/api/embed.md) mounted inline. The widget's public
 * `zx:ready`, `zx:open`, `zx:close`, `zx:message` and `zx:error` events
 * bubble out of it.
 * @tag zx-embed-chat
 * @attr {string} key - the embed key (`zxk_…`); default: `?key=` of the page
 * @prop {string} height - `auto`: grow with the conversation (for auto-sizing iframes)
 * @fires zx:ready - {id}: the widget is ready
 * @fires zx:message - {id, …}: a message was sent or answered (docs/api/embed.md)
 * @fires zx:error - {id, message}: the widget failed
 * @csspart base - the frame around the chat panel, or the missing-key note
 * @csspart header - the missing-key note's heading (the panel's own title is inside the widget)
 * @csspart body - the box the chat panel is mounted in
 * @csspart actions - the missing-key note's link, or Retry when the panel failed to load
 */
defineZxElement<EmbedChatProps>('zx-embed-chat', EmbedChat, {
  props: { height: 'string' },
  css: embedChatCss,
})

/**
 * A public portal page (/portal, /mainPortal, /secondIndustryPortal) as the
 * school's manager set it up: banner, featured assistants and courses,
 * links, and the chat launcher of its embed key.
 * @tag zx-portal
 * @prop {string} slug - the page (default: the host's `data-area`)
 * @csspart base - the whole page, also while loading or on a failure
 * @csspart header - the banner with the title
 * @csspart body - the sections of assistants, courses and links
 * @csspart actions - Enter the platform or Sign in
 */
defineZxElement<PortalPageProps>('zx-portal', PortalPage, {
  props: { slug: 'string' },
  css: portalPageCss,
})
