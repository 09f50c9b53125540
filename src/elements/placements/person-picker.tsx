import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { pickPlacementPeople, type PickablePerson } from '../../api/placements'
import { isCancel } from '../../api/errors'
import { $locale, $placementsMessages } from '../../i18n'
import { labelled, withAside } from '../shared/format'
import { FieldSet } from '../shared/ui'
import { SearchField } from '../shared/ui/search-field'
import { useDebounced } from '../shared/use-debounced'

/**
 * Picks the placement's student or supervisor from a list searched by name
 * or account (student accounts or teacher accounts only, as the server
 * checks), instead of typing an id. Once chosen, the person is shown by name
 * with a way to choose again.
 */
export function PersonPicker({
  role,
  legend,
  chosen,
  onChoose,
  testId,
}: {
  role: 'student' | 'teacher'
  legend: string
  chosen: PickablePerson | null
  onChoose: (person: PickablePerson | null) => void
  testId: string
}) {
  const t = useStore($placementsMessages)
  const locale = useStore($locale)
  const [keyword, setKeyword] = useState('')
  const settled = useDebounced(keyword, 250)
  const [found, setFound] = useState<PickablePerson[] | null>(null)

  useEffect(() => {
    if (chosen) return
    const controller = new AbortController()
    setFound(null)
    pickPlacementPeople(role, settled.trim(), { signal: controller.signal })
      .then(setFound)
      .catch((failure: unknown) => {
        if (!isCancel(failure)) setFound([])
      })
    return () => controller.abort()
  }, [role, settled, chosen])

  return (
    <FieldSet legend={legend} className="picker">
      {chosen ? (
        <div className="actions" data-testid={`${testId}-chosen`}>
          <span>{labelled(t.pickChosen, withAside(chosen.name, chosen.username, locale), locale)}</span>
          <button type="button" className="button" onClick={() => onChoose(null)} data-testid={`${testId}-change`}>
            {t.pickChange}
          </button>
        </div>
      ) : (
        <>
          <SearchField label={labelled(legend, t.pickSearch, locale)} value={keyword} onChange={setKeyword} testId={`${testId}-search`} />
          {found === null ? (
            <p className="muted" role="status">
              {t.pickLoading}
            </p>
          ) : found.length === 0 ? (
            <p className="muted" role="status">
              {settled.trim() ? t.pickNone : t.pickSearch}
            </p>
          ) : (
            <ul data-testid={`${testId}-options`}>
              {found.map(person => (
                <li key={person.id}>
                  <button type="button" className="button" onClick={() => onChoose(person)} data-testid={`${testId}-option`} data-username={person.username}>
                    {person.name} <span className="muted">{person.username}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </FieldSet>
  )
}
