import type { CSSProperties, InputHTMLAttributes } from 'react'

/**
 * The one slider: a native range input (keyboard, screen readers, touch)
 * whose track fills with the theme colour up to the value, styled by
 * `.zx-slider` in controls.css.ts. The filled share travels as `--zx-fill`,
 * since Chromium has no pseudo-element for the filled part.
 */
export function Slider({
  min,
  max,
  value,
  className,
  style,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'min' | 'max' | 'value'> & { min: number; max: number; value: number }) {
  const fill = max > min ? Math.min(100, Math.max(0, ((value - min) / (max - min)) * 100)) : 0
  return (
    <input
      {...props}
      type="range"
      min={min}
      max={max}
      value={value}
      className={className ? `zx-slider ${className}` : 'zx-slider'}
      style={{ ...style, '--zx-fill': `${fill}%` } as CSSProperties}
    />
  )
}
