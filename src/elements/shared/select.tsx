import type { SelectHTMLAttributes } from 'react'

/**
 * The one select of the product: a native <select> (the platform's keyboard
 * handling, screen-reader support and phone pickers) in one look, styled by
 * `.zx-select` in controls.css.ts, which every element and the host page
 * carry. Options are its children, as with <select>.
 *
 * <Select aria-label={t.status} value={status} onChange={e => setStatus(e.target.value)}>…</Select>
 */
export function Select({ className, small, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { small?: boolean }) {
  return <select {...props} className={['zx-select', small ? 'small' : '', className ?? ''].filter(Boolean).join(' ')} />
}
