import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { dismissSafetyEvent, exportSafetyEvents, listSafetyClasses, listSafetyEvents } from '../../api/safety'
import { errorMessage } from '../shared/error-message'
import { $common, $safetyMessages } from '../../i18n'
import { formatDate } from '../shared/format'
import { Select } from '../shared/select'
import { usePhrasing } from '../shared/use-phrasing'
import { FormError, TablePanel } from '../shared/ui'
import { categoryLabel, categoryOptions } from './safety-words'
import { useLoadable } from '../shared/load/use-loadable'
import { mapLoadState } from '../../stores/loadable'

const PAGE_SIZE = 20

/** Day start or end (local time) of an `<input type="date">` value, in ms. */
const dayBound = (value: string, end: boolean) => (value ? new Date(`${value}T${end ? '23:59:59.999' : '00:00:00'}`).getTime() : undefined)

/** The event list, filtered and exportable; "not a violation" allowlists an event's phrase. */
export function SafetyEvents({ onAllowed }: { onAllowed: () => void }) {
  const t = useStore($safetyMessages)
  const { locale } = usePhrasing()
  const [category, setCategory] = useState('')
  const [classId, setClassId] = useState('')
  /** The person whose events are listed (chosen by their name in a row). */
  const [person, setPerson] = useState<{ id: string; name: string } | null>(null)
  const [classes] = useLoadable(() => listSafetyClasses(), [])
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [page, setPage] = useState(1)
  const [error, setError] = useState('')
  const filter = {
    ...(category ? { category } : {}),
    ...(classId ? { classId } : {}),
    ...(person ? { userId: person.id } : {}),
    from: dayBound(from, false),
    to: dayBound(to, true),
  }
  const [events, eventsStore] = useLoadable(() => listSafetyEvents({ ...filter, page, size: PAGE_SIZE }), [category, classId, person?.id, from, to, page], {
    keep: true,
  })
  const reloadEvents = () => void eventsStore.load()
  const pages = Math.max(1, Math.ceil((events.data?.total ?? 0) / PAGE_SIZE))

  async function run(action: () => Promise<unknown>) {
    setError('')
    try {
      await action()
      reloadEvents()
    } catch (failure) {
      setError(errorMessage(failure, $common.get()))
    }
  }

  return (
    <section className="card" aria-labelledby="safety-events">
      <h3 id="safety-events">{t.eventsTitle}</h3>
      <FormError message={error} />
      <div className="toolbar">
        <Select
          aria-label={t.category}
          value={category}
          none={t.allCategories}
          options={categoryOptions(t)}
          onChange={e => (setCategory(e.target.value), setPage(1))}
        />
        <Select
          aria-label={t.className}
          value={classId}
          none={t.allClasses}
          options={(classes.data ?? []).map(c => ({ value: c.id, label: c.name }))}
          onChange={e => (setClassId(e.target.value), setPage(1))}
        />
        {person ? (
          <button type="button" className="button small" data-testid="safety-person-filter" onClick={() => (setPerson(null), setPage(1))}>
            {t.personFilter} {person.name} ✕
          </button>
        ) : null}
        <input className="input" type="date" aria-label={t.from} value={from} onChange={e => (setFrom(e.target.value), setPage(1))} />
        <input className="input" type="date" aria-label={t.to} value={to} onChange={e => (setTo(e.target.value), setPage(1))} />
        <button type="button" className="button" onClick={() => void run(() => exportSafetyEvents(filter, t.eventsFile))}>
          {t.exportEvents}
        </button>
      </div>
      <TablePanel
        testId="safety-events"
        state={mapLoadState(events, data => data.list)}
        what={t.eventsTitle}
        onRetry={reloadEvents}
        empty={t.noEvents}
        stacked
        columns={[{ label: t.time }, { label: t.category }, { label: t.user }, { label: t.excerpt }, { label: t.matched }, { label: t.dismiss }]}
        row={e => (
          <tr key={e.id} data-testid="safety-event">
            <td data-label={t.time}>{formatDate(e.createTime, locale)}</td>
            <td data-label={t.category}>
              {categoryLabel(t, e.category)} · {e.direction === 'output' ? t.output : t.input}
            </td>
            <td data-label={t.user}>
              {e.userId && !person ? (
                <button type="button" className="link" title={t.onlyPerson} onClick={() => (setPerson({ id: e.userId!, name: e.userName }), setPage(1))}>
                  {e.userName}
                </button>
              ) : (
                e.userName
              )}
            </td>
            <td className="wide" data-label={t.excerpt}>
              {e.excerpt}
              {e.modelText ? (
                <details>
                  <summary>{t.modelText}</summary>
                  <p className="muted">{e.modelText}</p>
                </details>
              ) : null}
            </td>
            <td data-label={t.matched}>{e.matched}</td>
            <td className="wide actions-cell">
              {e.dismissed ? (
                <span className="muted">{t.dismissed}</span>
              ) : (
                <button
                  type="button"
                  className="button small"
                  data-testid="safety-dismiss"
                  onClick={() => void run(() => dismissSafetyEvent(e.id).then(onAllowed))}>
                  {t.dismiss}
                </button>
              )}
            </td>
          </tr>
        )}
      />
      <div className="pager">
        <button type="button" className="button small" disabled={page <= 1} onClick={() => setPage(p => p - 1)}>
          {t.previous}
        </button>
        <span>
          {page} / {pages}
        </span>
        <button type="button" className="button small" disabled={page >= pages} onClick={() => setPage(p => p + 1)}>
          {t.next}
        </button>
      </div>
    </section>
  )
}
