import { defineZxElement } from './define-element'
import { Dialog, dialogCss, type DialogProps } from './dialog'
import { EmptyState, emptyStateCss, type EmptyStateProps } from './empty-state'
import { LoadError, loadErrorCss, type LoadErrorProps } from './load/load-error'
import { Skeleton, skeletonCss, type SkeletonProps } from './load/skeleton'
import { Toaster, toasterCss } from './toaster'

/** Registers the shared elements: `<zx-empty-state>`, `<zx-skeleton>`, `<zx-load-error>`, `<zx-toaster>`, `<zx-dialog>`. */
export function defineSharedElements(): void {
  defineZxElement<EmptyStateProps>('zx-empty-state', EmptyState, {
    props: { heading: 'string', message: 'string' },
    css: emptyStateCss,
  })
  defineZxElement<SkeletonProps>('zx-skeleton', Skeleton, { props: { variant: 'string', count: 'number' }, css: skeletonCss })
  defineZxElement<LoadErrorProps>('zx-load-error', LoadError, {
    props: { heading: 'string', detail: 'string' },
    events: ['onRetry'],
    css: loadErrorCss,
  })
  defineZxElement('zx-toaster', Toaster, { css: toasterCss })
  defineZxElement<DialogProps>('zx-dialog', Dialog, {
    props: { open: 'boolean', heading: 'string' },
    events: ['onClose'],
    css: dialogCss,
  })
}

defineSharedElements()
