import { useStore } from '@nanostores/react'
import { $coursesMessages } from '../../i18n'
import { Field } from '../shared/ui'

export interface CourseFieldValues {
  title: string
  description: string
  category: string
  term: string
}

/** Title, description, major and term: the same inputs when creating and in the settings tab. */
export function CourseFieldInputs({
  values,
  onChange,
  dicts,
  autoFocus,
}: {
  values: CourseFieldValues
  onChange: (next: CourseFieldValues) => void
  dicts: { categories: string[]; terms: string[] }
  autoFocus?: boolean
}) {
  const t = useStore($coursesMessages)
  const set = (key: keyof CourseFieldValues) => (event: { target: { value: string } }) => onChange({ ...values, [key]: event.target.value })
  return (
    <>
      <Field label={t.courseTitle}>
        <input
          className="input"
          name="title"
          required
          maxLength={100}
          autoFocus={autoFocus}
          value={values.title}
          placeholder={t.courseTitlePlaceholder}
          onChange={set('title')}
        />
      </Field>
      <Field label={t.description}>
        <textarea
          className="textarea"
          name="description"
          maxLength={2000}
          rows={3}
          value={values.description}
          placeholder={t.descriptionPlaceholder}
          onChange={set('description')}
        />
      </Field>
      <div className="form-row">
        <SuggestInput label={t.category} name="category" value={values.category} options={dicts.categories} onChange={set('category')} />
        <SuggestInput label={t.term} name="term" value={values.term} options={dicts.terms} onChange={set('term')} />
      </div>
    </>
  )
}

/** Free text with the school's usual values offered (a datalist: typing something else is fine). */
function SuggestInput({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string
  name: string
  value: string
  options: string[]
  onChange: (event: { target: { value: string } }) => void
}) {
  const list = `zx-course-${name}-options`
  return (
    <Field label={label}>
      <input className="input" name={name} list={list} maxLength={60} value={value} onChange={onChange} />
      <datalist id={list}>
        {options.map(option => (
          <option key={option} value={option} />
        ))}
      </datalist>
    </Field>
  )
}
