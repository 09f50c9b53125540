import type { KeyboardEvent } from 'react'

/** A score field of the grading screens (0 to `max`, halves allowed) with "/ max" after it. */
export function ScoreInput({
  max,
  label,
  value,
  onValue,
  onKeyDown,
}: {
  max: number | undefined
  label: string
  value: string
  onValue: (value: string) => void
  /** Grading a submission: Enter saves and moves on (the field is one of `input[data-grade]`). */
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void
}) {
  return (
    <>
      <input
        type="number"
        min={0}
        max={max}
        step={0.5}
        className="num"
        data-grade={onKeyDown ? true : undefined}
        aria-label={label}
        value={value}
        onKeyDown={onKeyDown}
        onChange={e => onValue(e.currentTarget.value)}
      />
      {max !== undefined ? <span className="hint">/ {max}</span> : null}
    </>
  )
}
