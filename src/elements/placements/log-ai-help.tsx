import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { draftPlacementLog } from '../../api/placements'
import { ApiError } from '../../api/errors'
import { $common, $placementsMessages } from '../../i18n'
import { failureDetail } from '../shared/load'

const DAY_MS = 86_400_000

/** The placement week a day falls in (1 from the start date), as the server counts it. */
export function weekOfDay(startDate: string, day: string): number {
  const days = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS)
  return Math.max(1, Math.floor(days / 7) + 1)
}

/** A refusal by the safety module, told apart from a failure: it is said calmly, not as an error. */
const isRefusal = (failure: unknown) => failure instanceof ApiError && (failure.data as { reason?: string } | null | undefined)?.reason === 'blocked'

/**
 * The AI's help on the log form: the notes in the box turned into a log, or
 * the week's logs drafted into a summary. The draft replaces the box's text,
 * which the student edits before sending; the words it replaced can be
 * brought back.
 */
export function LogAiHelp({
  placementId,
  startDate,
  date,
  text,
  onDraft,
}: {
  placementId: string
  startDate: string
  date: string
  text: string
  onDraft: (text: string) => void
}) {
  const t = useStore($placementsMessages)
  const common = useStore($common)
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState<{ text: string; kind: 'info' | 'refusal' | 'error' } | null>(null)
  const [before, setBefore] = useState<string | null>(null)

  async function ask(kind: 'log' | 'week') {
    if (kind === 'log' && !text.trim()) return setNote({ text: t.aiNotesNeeded, kind: 'info' })
    setBusy(true)
    setNote(null)
    try {
      const draft = await draftPlacementLog(placementId, kind === 'log' ? { kind, notes: text } : { kind, week: weekOfDay(startDate, date) })
      setBefore(text)
      onDraft(draft.text)
      setNote({ text: draft.engine === 'builtin' ? t.aiBuiltin : t.aiDrafted, kind: 'info' })
    } catch (failure) {
      setNote({ text: failureDetail(failure, common), kind: isRefusal(failure) ? 'refusal' : 'error' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="ai-help" data-testid="log-ai">
      <span className="muted">{t.aiHelp}</span>
      <div className="actions">
        <button type="button" className="button" disabled={busy} onClick={() => void ask('log')} data-testid="log-ai-notes">
          {t.aiNotes}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void ask('week')} data-testid="log-ai-week">
          {t.aiWeek}
        </button>
        {before !== null && !busy ? (
          <button
            type="button"
            className="button"
            onClick={() => {
              onDraft(before)
              setBefore(null)
              setNote(null)
            }}
            data-testid="log-ai-undo">
            {t.aiUndo}
          </button>
        ) : null}
      </div>
      {busy ? (
        <p className="muted" role="status">
          {t.aiWorking}
        </p>
      ) : note ? (
        <p
          className={note.kind === 'error' ? 'form-error' : 'muted'}
          role={note.kind === 'error' ? 'alert' : 'status'}
          data-testid="log-ai-note"
          data-kind={note.kind}>
          {note.text}
        </p>
      ) : null}
    </div>
  )
}
