import { kitCss } from '../shared/ui'
import { referencesCss } from '../shared/chat/references'
import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { ShareView, shareViewCss, type ShareViewProps } from './share-view'

/**
 * The share page bundle (/elements/share-view.js): registers
 * `<zx-share-view share-id="…">` for the public /shareView page. Kept apart
 * from the dialogue bundle so a signed-out visitor loads only this.
 */
/**
 * One shared chat message, public (signed out is fine).
 * @tag zx-share-view
 * @prop {string} shareId - the share (default: `?id=` of the page)
 * @csspart base - the whole page
 * @csspart header - the brand bar
 * @csspart body - the shared message, or the not-found note
 * @csspart actions - the link into Zhixue
 */
defineZxElement<ShareViewProps>('zx-share-view', ShareView, {
  props: { shareId: 'string' },
  css: [kitCss, referencesCss, shareViewCss].join('\n'),
})
