import { uiCss } from '../dialogue/ui'
import { referencesCss } from '../dialogue/references'
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
  css: [uiCss, referencesCss, shareViewCss].join('\n'),
})
