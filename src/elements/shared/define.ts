import { defineZxElement } from './define-element'
import { Dialog, dialogCss, type DialogProps } from './dialog'
import { EmptyState, emptyStateCss, type EmptyStateProps } from './empty-state'
import { LoadError, loadErrorCss, type LoadErrorProps } from './load/load-error'
import { Skeleton, skeletonCss, type SkeletonProps } from './load/skeleton'
import { Toaster, toasterCss } from './toaster'
import { ZX_EVENTS } from './events'

/** Registers the shared elements: `<zx-empty-state>`, `<zx-skeleton>`, `<zx-load-error>`, `<zx-toaster>`, `<zx-dialog>`. */
export function defineSharedElements(): void {
  /**
   * A friendly "nothing here yet": a picture, a heading and a line of advice.
   * @tag zx-empty-state
   * @prop {string} heading - the heading (default: the locale's "nothing here")
   * @prop {string} message - the line under it
   * @csspart base - the whole box
   * @csspart image - the picture
   * @csspart heading - the heading
   * @csspart message - the line under it
   */
  defineZxElement<EmptyStateProps>('zx-empty-state', EmptyState, {
    props: { heading: 'string', message: 'string' },
    css: emptyStateCss,
  })
  /**
   * Grey shapes while something loads (`role="status"`, `aria-busy`).
   * @tag zx-skeleton
   * @prop {'cards' | 'rows' | 'lines'} variant - the shape of what is coming (default `rows`)
   * @prop {number} count - how many shapes
   * @csspart base - the whole box
   * @csspart shape - each shape
   */
  defineZxElement<SkeletonProps>('zx-skeleton', Skeleton, { props: { variant: 'string', count: 'number' }, css: skeletonCss })
  /**
   * What failed to load and why, with a retry button (`role="alert"`).
   * @tag zx-load-error
   * @prop {string} heading - what failed ("课程加载失败")
   * @prop {string} detail - why, in the reader's words
   * @fires zx:retry - the retry button was pressed (no detail)
   * @csspart base - the whole box
   * @csspart heading - the heading
   * @csspart detail - the reason
   * @csspart retry-button - the retry button
   */
  defineZxElement<LoadErrorProps>('zx-load-error', LoadError, {
    props: { heading: 'string', detail: 'string' },
    events: { onRetry: ZX_EVENTS.retry },
    css: loadErrorCss,
  })
  /**
   * Shows the toast store (src/stores/toasts.ts), newest last; errors are read out at once.
   * @tag zx-toaster
   * @csspart base - the stack of toasts
   */
  defineZxElement('zx-toaster', Toaster, { css: toasterCss })
  /**
   * A modal frame for slotted content: focus kept inside while open, Escape,
   * the close button and a backdrop click ask to close.
   * @tag zx-dialog
   * @prop {boolean} open - shown while present
   * @prop {string} heading - the title
   * @fires zx:close - asks the page to close it (the page removes `open`)
   * @slot - the dialog's content
   * @slot actions - buttons shown in the row under the content
   * @csspart base - the whole dialog: the dimmed page and the box on it
   * @csspart backdrop - the dimmed page behind
   * @csspart panel - the dialog box
   * @csspart header - the title row
   * @csspart close-button - the × button
   * @csspart body - around the slotted content
   * @csspart actions - the buttons row under the content (the `actions` slot)
   */
  defineZxElement<DialogProps>('zx-dialog', Dialog, {
    props: { open: 'boolean', heading: 'string' },
    events: { onClose: ZX_EVENTS.close },
    css: dialogCss,
  })
}

defineSharedElements()
