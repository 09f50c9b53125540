import { useStore } from '@nanostores/react'
import type { ReactNode } from 'react'
import type { MediaModel } from '../../api/generations'
import { $generationsMessages } from '../../i18n'
import { Select } from '../shared/select'
import { Field } from '../shared/ui'

export interface CommonChoice {
  prompt: string
  model: string
  size: string
  style: string
}

/** The parts both generator forms share: prompt, model, size and teaching style. */
export function CommonFields({
  models,
  styles,
  value,
  onChange,
  placeholder,
  children,
}: {
  models: MediaModel[]
  styles: string[]
  value: CommonChoice
  onChange: (next: CommonChoice) => void
  placeholder: string
  children?: ReactNode
}) {
  const t = useStore($generationsMessages)
  const model = models.find(m => m.name === value.model) ?? models[0]
  const styleLabel = (s: string) => (t as Record<string, string>)[`style_${s}`] ?? s
  return (
    <>
      <Field label={t.prompt}>
        <textarea
          className="textarea prompt"
          rows={4}
          maxLength={2000}
          placeholder={placeholder}
          value={value.prompt}
          onChange={e => onChange({ ...value, prompt: e.currentTarget.value })}
        />
      </Field>
      <div className="choices">
        <Field label={t.model}>
          <Select
            value={model?.name ?? ''}
            onChange={e => onChange({ ...value, model: e.currentTarget.value, size: models.find(m => m.name === e.currentTarget.value)?.sizes[0] ?? '' })}
            options={models.map(m => ({ value: m.name, label: m.label }))}
          />
        </Field>
        <Field label={t.size}>
          <Select
            value={value.size}
            onChange={e => onChange({ ...value, size: e.currentTarget.value })}
            options={(model?.sizes ?? []).map(s => ({ value: s, label: s.replace('x', ' × ') }))}
          />
        </Field>
        {children}
      </div>
      <fieldset className="styles">
        <legend>{t.style}</legend>
        {['', ...styles].map(s => (
          <label key={s || 'none'} className={`style-chip ${value.style === s ? 'on' : ''}`}>
            <input type="radio" name="style" value={s} checked={value.style === s} onChange={() => onChange({ ...value, style: s })} />
            {s ? styleLabel(s) : t.styleNone}
          </label>
        ))}
      </fieldset>
    </>
  )
}

/** A field choosing one of a few numbers (how many pictures, how many seconds), each worded by `word`. */
export function NumberChoice({
  label,
  value,
  options,
  word,
  onChange,
}: {
  label: string
  value: number
  options: readonly number[]
  word: (n: number) => string
  onChange: (n: number) => void
}) {
  return (
    <Field label={label}>
      <Select value={String(value)} onChange={e => onChange(Number(e.currentTarget.value))} options={options.map(n => ({ value: n, label: word(n) }))} />
    </Field>
  )
}
