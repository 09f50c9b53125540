import { useStore } from '@nanostores/react'
import type { FormField as Field, FormValue } from '../../../shared/form-rules'
import { $assistantsMessages } from '../../i18n'
import { Select } from '../shared/select'

export interface FormFieldProps {
  field: Field
  value: FormValue
  error?: string
  onChange: (value: FormValue) => void
}

/** One field of a form app, drawn from its definition; the error shows under it. */
export function FormField({ field, value, error, onChange }: FormFieldProps) {
  const t = useStore($assistantsMessages)
  const id = `field-${field.name}`
  const describedBy = error ? `${id}-error` : undefined
  const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'data-testid': id }
  let control
  switch (field.type) {
    case 'textarea':
      control = (
        <textarea
          {...common}
          className="textarea"
          rows={4}
          placeholder={field.placeholder}
          value={String(value ?? '')}
          onChange={e => onChange(e.target.value)}
        />
      )
      break
    case 'number':
      control = (
        <input
          {...common}
          className="input number"
          type="number"
          inputMode={field.integer ? 'numeric' : 'decimal'}
          min={field.min}
          max={field.max}
          step={field.integer ? 1 : 'any'}
          placeholder={field.min !== undefined && field.max !== undefined ? t.numberRange({ min: field.min, max: field.max }) : field.placeholder}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={e => onChange(e.target.value)}
        />
      )
      break
    case 'select':
      control = (
        <Select
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={e => onChange(e.target.value)}
          none={t.chooseOption}
          options={(field.options ?? []).map(option => ({ value: option, label: option }))}
        />
      )
      break
    case 'multiselect': {
      const picked = Array.isArray(value) ? value : []
      control = (
        <div className="choices" role="group" aria-labelledby={`${id}-label`} aria-describedby={describedBy} data-testid={id}>
          {(field.options ?? []).map(option => (
            <label key={option} className="choice">
              <input
                type="checkbox"
                checked={picked.includes(option)}
                onChange={e => onChange(e.target.checked ? [...picked, option] : picked.filter(p => p !== option))}
              />
              <span>{option}</span>
            </label>
          ))}
        </div>
      )
      break
    }
    default:
      control = (
        <input {...common} className="input" type="text" placeholder={field.placeholder} value={String(value ?? '')} onChange={e => onChange(e.target.value)} />
      )
  }
  // A multiselect is a group of checkboxes: its words name the group (aria-labelledby), not one control.
  const label = (
    <span>
      {field.label}
      {field.required ? (
        <span className="required" title={t.requiredMark}>
          {' '}
          *
        </span>
      ) : null}
    </span>
  )
  return (
    <div className={error ? 'field invalid' : 'field'}>
      {field.type === 'multiselect' ? (
        <span className="field-label" id={`${id}-label`}>
          {label}
        </span>
      ) : (
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
      )}
      {control}
      {error ? (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  )
}

export const formFieldCss = `
.required { color: var(--_danger); }
.field.invalid .input, .field.invalid .textarea { border-color: var(--_danger); }
.field-error { color: var(--_danger); font-size: 12px; }
select.input { appearance: auto; }
.choices { display: flex; flex-wrap: wrap; gap: 8px; }
.choice {
  display: inline-flex; align-items: center; gap: 6px; padding: 6px 10px; border: 1px solid var(--_border); border-radius: 999px;
  color: var(--_text); font-size: 13px; cursor: pointer; background: var(--_bg);
}
.choice:has(input:checked) { border-color: var(--_primary); background: var(--_primary-soft); color: var(--_primary-strong); }
.choice input { margin: 0; accent-color: var(--_primary); }
`
