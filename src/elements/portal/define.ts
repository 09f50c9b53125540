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
defineZxElement<EmbedChatProps>('zx-embed-chat', EmbedChat, {
  props: { height: 'string' },
  css: embedChatCss,
})

defineZxElement<PortalPageProps>('zx-portal', PortalPage, {
  props: { slug: 'string' },
  css: portalPageCss,
})
