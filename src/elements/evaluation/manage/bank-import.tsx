import { useStore } from '@nanostores/react'
import { useRef, useState } from 'react'
import { uploadFile } from '../../../api/files'
import { downloadXlsx, importQuestions, type ImportRow } from '../../../api/evaluation'
import { $evaluationMessages } from '../../../i18n'
import { showToast } from '../../../stores/toasts'
import { LoadFailure } from '../../shared/load'
import { TYPE_WORDS } from '../../shared/course-eval/words'

/**
 * Importing questions from a spreadsheet (the template), CSV, Word, text,
 * Aiken, GIFT or Moodle XML: the file is uploaded and previewed
 * (`commit: false`), every row shown with what is wrong with it, each
 * question left out named with why (a matching or cloze question has no
 * counterpart here) and what did not come across noted; the import itself
 * (`commit: true`) is offered only when no row is wrong, and the server
 * writes all or nothing in any case.
 */
type Step =
  | { kind: 'choose' }
  | { kind: 'reading'; name: string }
  | { kind: 'preview'; name: string; fileId: string; rows: ImportRow[]; errors: number; skipped: number }
  | { kind: 'failed'; name: string; error: unknown; retry: () => void }

const ACCEPT = '.xlsx,.csv,.docx,.txt,.md,.xml,.gift'

export function BankImport({ courseId, onDone }: { courseId: string; onDone: () => void }) {
  const t = useStore($evaluationMessages)
  const [step, setStep] = useState<Step>({ kind: 'choose' })
  const [committing, setCommitting] = useState(false)
  const input = useRef<HTMLInputElement>(null)

  const preview = async (file: File, fileId?: string) => {
    setStep({ kind: 'reading', name: file.name })
    try {
      const id = fileId ?? (await uploadFile(file, { quiet: true })).id
      try {
        const result = await importQuestions(courseId, id, false)
        setStep({ kind: 'preview', name: file.name, fileId: id, rows: result.rows, errors: result.errors, skipped: result.skipped ?? 0 })
      } catch (error) {
        setStep({ kind: 'failed', name: file.name, error, retry: () => void preview(file, id) })
      }
    } catch (error) {
      setStep({ kind: 'failed', name: file.name, error, retry: () => void preview(file) })
    }
  }
  const commit = async (fileId: string) => {
    setCommitting(true)
    try {
      const result = await importQuestions(courseId, fileId, true)
      if (result.imported > 0) {
        showToast('success', t.importedCount({ count: result.imported }))
        onDone()
        return
      }
      // Someone changed the file's rules under us: show the rows again.
      setStep(s => (s.kind === 'preview' ? { ...s, rows: result.rows, errors: result.errors, skipped: result.skipped ?? 0 } : s))
    } catch (error) {
      showToast('warning', error instanceof Error && error.message ? error.message : t.importFailed)
    } finally {
      setCommitting(false)
    }
  }
  // Questions that import but were not read whole (a line after the answer, a column not in the template): counted in the summary too.
  const noted = step.kind === 'preview' ? step.rows.filter(row => row.question && row.notes?.length).length : 0
  const chooseAgain = () => {
    if (input.current) input.current.value = ''
    setStep({ kind: 'choose' })
    input.current?.click()
  }

  return (
    <section className="manage-section bank-import" data-testid="bank-import-panel">
      <div className="section-head">
        <h2>{t.importTitle}</h2>
        <button type="button" className="link" onClick={onDone}>
          {t.backToBank}
        </button>
      </div>
      <p className="hint">{t.importHint}</p>
      <div className="add-row">
        <label className="file-pick">
          <span className="button-like">{t.chooseFile}</span>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            data-testid="import-file"
            onChange={e => {
              const file = e.currentTarget.files?.[0]
              if (file) void preview(file)
            }}
          />
        </label>
        <button
          type="button"
          className="link"
          data-testid="import-template"
          onClick={() => void downloadXlsx({ kind: 'template' }, t.downloadTemplate).catch(() => showToast('error', t.downloadFailed))}>
          {t.downloadTemplate}
        </button>
      </div>

      {step.kind === 'reading' ? (
        <div role="status" aria-live="polite">
          <p className="hint">
            {step.name} · {t.importReading}
          </p>
          <zx-skeleton variant="rows" count={3} />
        </div>
      ) : null}
      {step.kind === 'failed' ? <LoadFailure error={step.error} what={step.name} onRetry={step.retry} /> : null}
      {step.kind === 'preview' ? (
        <div className="import-preview" data-testid="import-preview">
          <p className={step.errors ? 'hint warn' : 'hint'} role="status" data-testid="import-summary">
            {step.name} · {t.importSummary({ rows: step.rows.length - step.skipped, errors: step.errors })}
            {step.skipped ? ` · ${t.importSkippedCount({ count: step.skipped })}` : ''}
            {noted ? ` · ${t.importNotedCount({ count: noted })}` : ''}
          </p>
          <div className="table-wrap">
            <table className="data import-rows">
              <tbody>
                {step.rows.map((row, index) => (
                  <tr key={`${row.line}-${index}`} data-testid="import-row" data-error={row.error ? '' : undefined} data-skipped={row.skipped ? '' : undefined}>
                    <th scope="row">{t.importLine({ line: row.line })}</th>
                    <td>{row.question ? t[TYPE_WORDS[row.question.type]] : row.skipped ? t.importNotImported : ''}</td>
                    <td className="import-stem">{row.question?.stem ?? row.stem ?? ''}</td>
                    <td className={row.error ? 'import-error' : row.skipped ? 'import-skipped' : 'import-ok'}>
                      {row.error ?? row.skipped ?? t.importRowOk}
                      {row.notes?.length ? (
                        <ul className="import-notes" data-testid="import-notes">
                          {row.notes.map(note => (
                            <li key={note}>{note}</li>
                          ))}
                        </ul>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {step.errors ? <p className="hint warn">{t.importFix}</p> : null}
          <div className="builder-actions">
            <button type="button" onClick={chooseAgain}>
              {t.importAnother}
            </button>
            <button
              type="button"
              className="primary"
              disabled={committing || step.errors > 0 || step.rows.length === step.skipped}
              data-testid="import-commit"
              onClick={() => void commit(step.fileId)}>
              {t.importCommit({ count: step.rows.length - step.skipped })}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  )
}
