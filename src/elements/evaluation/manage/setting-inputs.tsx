import { useStore } from '@nanostores/react'
import type { ClassRef } from '../../../api/courses'
import { $evaluationMessages } from '../../../i18n'
import { PickGroup } from './pick-group'

/**
 * The builder's and the settings dialog's inputs for a number (minutes,
 * attempts, points) and a moment (`datetime-local`), edited as text so an
 * empty field stays empty until the form is sent, and the classes picked.
 */
export function NumberInput({
  value,
  min,
  max,
  testId,
  onChange,
}: {
  value: string
  min: number
  max?: number
  testId?: string
  onChange: (value: string) => void
}) {
  return <input type="number" min={min} max={max} value={value} data-testid={testId} onChange={e => onChange(e.currentTarget.value)} />
}

export function MomentInput({ value, testId, onChange }: { value: string; testId?: string; onChange: (value: string) => void }) {
  return <input type="datetime-local" value={value} data-testid={testId} onChange={e => onChange(e.currentTarget.value)} />
}

/** The course's classes an evaluation is for (none picked: every student of the course); nothing when the course has none. */
export function ClassPick({ classes, picked, testId, onPick }: { classes: ClassRef[]; picked: string[]; testId: string; onPick: (ids: string[]) => void }) {
  const t = useStore($evaluationMessages)
  if (classes.length === 0) return null
  return (
    <PickGroup
      label={t.classesLabel}
      hint={t.classesHint}
      items={classes.map(c => ({ id: c.id, label: c.name }))}
      picked={picked}
      onPick={onPick}
      testId={() => testId}
    />
  )
}
