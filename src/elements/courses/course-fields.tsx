import { useStore } from '@nanostores/react'
import { $courseMessages } from '../../i18n'

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
  const t = useStore($courseMessages)
  const set = (key: keyof CourseFieldValues) => (event: { target: { value: string } }) => onChange({ ...values, [key]: event.target.value })
  return (
    <>
      <label className="field">
        <span className="field-label">{t.courseTitle}</span>
        <input className="input" name="title" required maxLength={100} autoFocus={autoFocus} value={values.title} placeholder={t.courseTitlePlaceholder} onChange={set('title')} />
      </label>
      <label className="field">
        <span className="field-label">{t.description}</span>
        <textarea className="textarea" name="description" maxLength={2000} rows={3} value={values.description} placeholder={t.descriptionPlaceholder} onChange={set('description')} />
      </label>
      <div className="form-row">
        <label className="field">
          <span className="field-label">{t.category}</span>
          <input className="input" name="category" list="zx-course-categories" maxLength={60} value={values.category} onChange={set('category')} />
          <datalist id="zx-course-categories">
            {dicts.categories.map(c => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </label>
        <label className="field">
          <span className="field-label">{t.term}</span>
          <input className="input" name="term" list="zx-course-terms" maxLength={60} value={values.term} onChange={set('term')} />
          <datalist id="zx-course-terms">
            {dicts.terms.map(c => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </label>
      </div>
    </>
  )
}
