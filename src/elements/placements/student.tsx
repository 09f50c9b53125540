import { useStore } from '@nanostores/react'
import { fetchPlacementLogs, fetchPlacements, type Placement } from '../../api/placements'
import { $locale, $placementsMessages } from '../../i18n'
import { formatDate } from '../shared/format'
import { LoadGate, useLoadable } from '../shared/load'
import { stateLabel } from './labels'
import { LogList } from './log-list'
import { StudentLogForm } from './student-log-form'

export type PlacementStudentProps = Record<string, never>

/** The student's placement page (375 px first): the placement, the day's log, the logs sent and the weeks signed. */
export function PlacementStudent() {
  const t = useStore($placementsMessages)
  const [state, store] = useLoadable(signal => fetchPlacements(false, { signal }), [])
  return (
    <div className="placement-page" part="base" data-testid="placement-student">
      <h1 part="header">{t.title}</h1>
      <LoadGate state={state} what={t.title} onRetry={() => void store.retry()}>
        {placements =>
          placements.length === 0 ? (
            <zx-empty-state part="body" message={t.none} />
          ) : (
            <div className="placement-list" part="body">
              {placements.map(p => (
                <StudentPlacement key={p.id} placement={p} onChanged={() => void store.load()} />
              ))}
            </div>
          )
        }
      </LoadGate>
    </div>
  )
}

function StudentPlacement({ placement: p, onChanged }: { placement: Placement; onChanged: () => void }) {
  const t = useStore($placementsMessages)
  const locale = useStore($locale)
  const [logs, logStore] = useLoadable(signal => fetchPlacementLogs(p.id, { signal }), [p.id])
  return (
    <section className="placement two" data-testid="placement" data-id={p.id}>
      <div className="card">
        <header>
          <h2>{p.company.name}</h2>
          <p>
            {p.post} · <span className="badge">{stateLabel(p.state, t)}</span>
          </p>
          <p className="muted">{t.dates({ start: p.startDate, end: p.endDate })}</p>
          <p>
            {t.supervisor}: {p.supervisor.name} · {t.mentor}: {p.mentor.name}
          </p>
        </header>
        <h3>{t.signedWeeks}</h3>
        {p.signedWeeks.length === 0 ? (
          <p className="muted">{t.signedNone}</p>
        ) : (
          <ul className="logs" data-testid="signed-weeks">
            {p.signedWeeks.map(w => (
              <li key={w.week} data-testid="signed-week" data-week={w.week}>
                <strong>{t.week({ week: w.week })}</strong> <span className="muted">{formatDate(w.signedAt, locale)}</span>
                {w.comment ? <p>{w.comment}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      {p.state === 'active' ? (
        <StudentLogForm
          placementId={p.id}
          startDate={p.startDate}
          onSent={() => {
            void logStore.load()
            onChanged()
          }}
        />
      ) : null}
      <div className="card">
        <h3>{t.logs}</h3>
        <LoadGate state={logs} what={t.logs} onRetry={() => void logStore.retry()}>
          {list => <LogList logs={list} empty={t.logsEmpty} />}
        </LoadGate>
      </div>
    </section>
  )
}
