import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { deleteEvaluation, listEvaluations, releaseResults, setEvaluationStatus, type EvaluationSummary } from '../../../api/evaluation'
import { $evaluationMessages } from '../../../i18n'
import { loadable } from '../../../stores/loadable'
import { LoadGate } from '../../shared/load'
import { KIND_WORDS } from '../../shared/course-eval/words'
import type { ClassRef } from '../../../api/courses'
import { SettingsDialog } from './settings-dialog'

/**
 * The evaluations of one course with their status and the teacher's actions:
 * edit a draft (a published one: its window, limit, attempts and classes),
 * publish, close (and reopen), release results, delete.
 * Managers see the same list without actions (they read the school's work).
 */
export const $courseEvaluations = loadable((signal, courseId: string) => listEvaluations(courseId, { signal, quiet: true }))

const STATUS_WORDS = { draft: 'statusDraft', published: 'statusPublished', closed: 'statusClosedEval' } as const

export interface EvaluationListProps {
  courseId: string
  canEdit: boolean
  /** The course's classes, for the settings of a published evaluation. */
  classes: ClassRef[]
  onEdit: (evaluationId: string) => void
  onCreate: () => void
  onGrade: (evaluationId: string) => void
  onAnalyse: (evaluationId: string) => void
}

export function EvaluationList({ courseId, canEdit, classes, onEdit, onCreate, onGrade, onAnalyse }: EvaluationListProps) {
  const t = useStore($evaluationMessages)
  const state = useStore($courseEvaluations)
  useEffect(() => {
    if (courseId) void $courseEvaluations.load(courseId)
  }, [courseId])
  return (
    <section className="manage-section" part="body" data-testid="evaluation-list">
      <div className="section-head">
        <h2>{t.evaluationsOfCourse}</h2>
        {canEdit ? (
          <button type="button" className="primary" part="actions" data-testid="new-evaluation" onClick={onCreate}>
            {t.newEvaluation}
          </button>
        ) : null}
      </div>
      <LoadGate state={state} what={t.evaluationsOfCourse} onRetry={() => void $courseEvaluations.retry()} skeleton="rows">
        {list =>
          list.length === 0 ? (
            <zx-empty-state message={t.noEvaluationsYet} />
          ) : (
            <ul className="manage-list">
              {list.map(e => (
                <EvaluationItem
                  key={e.id}
                  evaluation={e}
                  canEdit={canEdit}
                  classes={classes}
                  onEdit={() => onEdit(e.id)}
                  onGrade={() => onGrade(e.id)}
                  onAnalyse={() => onAnalyse(e.id)}
                  onChanged={() => void $courseEvaluations.load(courseId)}
                />
              ))}
            </ul>
          )
        }
      </LoadGate>
    </section>
  )
}

function EvaluationItem({
  evaluation: e,
  canEdit,
  classes,
  onEdit,
  onGrade,
  onAnalyse,
  onChanged,
}: {
  evaluation: EvaluationSummary
  canEdit: boolean
  classes: ClassRef[]
  onEdit: () => void
  onGrade: () => void
  onAnalyse: () => void
  onChanged: () => void
}) {
  const t = useStore($evaluationMessages)
  const [busy, setBusy] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const act = (call: () => Promise<unknown>) => async () => {
    setBusy(true)
    try {
      await call()
      onChanged()
    } catch {
      // request() has already shown what failed; the row stays as it was.
    } finally {
      setBusy(false)
    }
  }
  return (
    <li className="manage-row" data-status={e.status} data-testid="manage-row">
      <div className="row-main">
        <strong className="row-title">{e.title}</strong>
        <span className="row-meta">
          {t[KIND_WORDS[e.kind]]}
          {e.timeLimitMinutes ? ` · ${t.timeLimit({ minutes: e.timeLimitMinutes })}` : ''}
          {e.closesAt ? ` · ${t.closesAt({ time: new Date(e.closesAt).toLocaleString() })}` : ''}
          {e.released ? ` · ${t.resultsReleased}` : ''}
        </span>
      </div>
      <span className="chip" data-status={e.status}>
        {t[STATUS_WORDS[e.status]]}
      </span>
      {!canEdit && e.status !== 'draft' ? (
        <button type="button" data-testid="analyse" onClick={onAnalyse}>
          {t.analysisTitle}
        </button>
      ) : null}
      {canEdit ? (
        <div className="row-actions">
          {e.status === 'draft' ? (
            <button type="button" disabled={busy} onClick={onEdit}>
              {t.edit}
            </button>
          ) : (
            <>
              <button type="button" disabled={busy} data-testid="evaluation-settings-open" onClick={() => setSettingsOpen(true)}>
                {t.evaluationSettings}
              </button>
              <button type="button" disabled={busy} data-testid="grade" onClick={onGrade}>
                {t.grade}
              </button>
              <button type="button" disabled={busy} data-testid="analyse" onClick={onAnalyse}>
                {t.analysisTitle}
              </button>
            </>
          )}
          {e.status !== 'published' ? (
            <button type="button" disabled={busy} data-testid="publish" onClick={act(() => setEvaluationStatus(e.id, 'published'))}>
              {e.status === 'draft' ? t.publish : t.reopen}
            </button>
          ) : (
            <button type="button" disabled={busy} data-testid="close" onClick={act(() => setEvaluationStatus(e.id, 'closed'))}>
              {t.closeEvaluation}
            </button>
          )}
          {e.status !== 'draft' && !e.released ? (
            <button type="button" disabled={busy} data-testid="release" onClick={act(() => releaseResults(e.id))}>
              {t.releaseResults}
            </button>
          ) : null}
          {confirmDelete ? (
            <button type="button" className="danger" disabled={busy} data-testid="confirm-delete" onClick={act(() => deleteEvaluation(e.id))}>
              {t.confirmDelete}
            </button>
          ) : (
            <button type="button" disabled={busy} data-testid="delete" onClick={() => setConfirmDelete(true)}>
              {t.delete}
            </button>
          )}
        </div>
      ) : null}
      {settingsOpen ? (
        <SettingsDialog
          evaluationId={e.id}
          classes={classes}
          onClose={() => setSettingsOpen(false)}
          onSaved={() => {
            setSettingsOpen(false)
            onChanged()
          }}
        />
      ) : null}
    </li>
  )
}
