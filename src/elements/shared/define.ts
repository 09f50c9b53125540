import { defineZxElement } from './define-element'
import { Dialog, dialogCss, type DialogProps } from './dialog'
import { EmptyState, emptyStateCss, type EmptyStateProps } from './empty-state'
import { Toaster, toasterCss } from './toaster'

/** Registers the shared elements: `<zx-empty-state>`, `<zx-toaster>`, `<zx-dialog>`. */
export function defineSharedElements(): void {
  defineZxElement<EmptyStateProps>('zx-empty-state', EmptyState, {
    props: { heading: 'string', message: 'string' },
    css: emptyStateCss,
  })
  defineZxElement('zx-toaster', Toaster, { css: toasterCss })
  defineZxElement<DialogProps>('zx-dialog', Dialog, {
    props: { open: 'boolean', heading: 'string' },
    events: ['onClose'],
    css: dialogCss,
  })
}

defineSharedElements()
