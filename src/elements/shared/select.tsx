import type { SelectHTMLAttributes } from 'react'

/** One choice of a `<Select options>`: what it stores and what it says. */
export interface SelectOption {
  value: string | number
  label: string
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  small?: boolean
  /** The first option, worth '' (no choice, or the default). */
  none?: string
  /** The choices, after `none` and any children. */
  options?: readonly SelectOption[]
}

/**
 * The one select of the product: a native <select> (the platform's keyboard
 * handling, screen-reader support and phone pickers) in one look, styled by
 * `.zx-select` in controls.css.ts, which every element and the host page
 * carry. The choices are `options` (data), or children as with <select>.
 *
 * <Select aria-label={t.status} value={status} onChange={e => setStatus(e.target.value)} none={t.all} options={statuses} />
 */
export function Select({ className, small, none, options, children, ...props }: SelectProps) {
  return (
    <select {...props} className={['zx-select', small ? 'small' : '', className ?? ''].filter(Boolean).join(' ')}>
      {none === undefined ? null : <option value="">{none}</option>}
      {children}
      {options?.map(option => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  )
}
