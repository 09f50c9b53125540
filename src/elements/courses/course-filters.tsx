import { useStore } from '@nanostores/react'
import type { ReactNode } from 'react'
import type { CourseList } from '../../api/courses'
import { $coursesMessages } from '../../i18n'
import { SearchField } from '../shared/ui'
import { Select } from '../shared/select'

export interface FilterValues {
  keyword: string
  category: string
  term: string
}

/** The search box and the major and term filters (offered only when the list has some). */
export function CourseFilters({
  values,
  onChange,
  facets,
  children,
}: {
  values: FilterValues
  onChange: (next: FilterValues) => void
  facets: CourseList['facets'] | undefined
  children?: ReactNode
}) {
  const t = useStore($coursesMessages)
  const set = (key: keyof FilterValues) => (event: { target: { value: string } }) => onChange({ ...values, [key]: event.target.value })
  return (
    <div className="toolbar" role="search">
      <SearchField label={t.searchCourses} value={values.keyword} onChange={keyword => onChange({ ...values, keyword })} />
      {children}
      <FacetSelect label={t.allCategories} value={values.category} options={facets?.categories ?? []} onChange={set('category')} />
      <FacetSelect label={t.allTerms} value={values.term} options={facets?.terms ?? []} onChange={set('term')} />
    </div>
  )
}

function FacetSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: string
  options: string[]
  onChange: (event: { target: { value: string } }) => void
}) {
  if (options.length === 0 && !value) return null
  return (
    <Select aria-label={label} value={value} onChange={onChange}>
      <option value="">{label}</option>
      {options.map(option => (
        <option key={option}>{option}</option>
      ))}
    </Select>
  )
}
