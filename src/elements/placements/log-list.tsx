import { useStore } from '@nanostores/react'
import type { PlacementLog } from '../../api/placements'
import { $placementsMessages } from '../../i18n'

/** Logs as the student, the supervisor and the mentor read them: day, hours, night shift, place, photos, text. */
export function LogList({ logs, empty }: { logs: PlacementLog[]; empty: string }) {
  const t = useStore($placementsMessages)
  if (logs.length === 0) return <p className="muted">{empty}</p>
  return (
    <ul className="logs">
      {logs.map(log => (
        <li key={log.id} data-testid="sent-log">
          <div className="meta">
            <span>{log.date}</span>
            <span>{t.logHours({ hours: log.hours })}</span>
            {log.night ? <span className="badge">{t.night}</span> : null}
            {log.location ? <span>{log.location}</span> : null}
            {log.fileIds.length ? (
              <span>
                {t.photos} {log.fileIds.length}
              </span>
            ) : null}
          </div>
          <p>{log.text}</p>
        </li>
      ))}
    </ul>
  )
}
