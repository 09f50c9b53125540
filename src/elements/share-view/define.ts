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
defineZxElement<ShareViewProps>('zx-share-view', ShareView, {
  props: { shareId: 'string' },
  css: [kitCss, referencesCss, shareViewCss].join('\n'),
})
