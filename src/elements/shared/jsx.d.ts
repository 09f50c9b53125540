// JSX typing for the shared custom elements, so React code (the host app,
// other elements) can use them with checked attributes.
import type { DetailedHTMLProps, HTMLAttributes } from 'react'

type ElementAttributes<Props> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & Props

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'zx-empty-state': ElementAttributes<{ heading?: string; message?: string }>
      'zx-skeleton': ElementAttributes<{ variant?: 'cards' | 'rows' | 'lines'; count?: number }>
      'zx-load-error': ElementAttributes<{ heading?: string; detail?: string }>
      'zx-toaster': ElementAttributes<object>
      'zx-dialog': ElementAttributes<{ open?: boolean; heading?: string }>
    }
  }
}
