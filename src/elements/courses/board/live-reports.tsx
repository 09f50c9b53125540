import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { downloadLiveReport, fetchLiveReport, fetchLiveSessions } from '../../../api/live'
import { $common, $liveMessages } from '../../../i18n'
import { errorMessage } from '../../shared/error-message'
import { formatDate } from '../../shared/format'
import { liveHref } from '../../shared/links'
import { useLoadable } from '../../shared/load/use-loadable'
import { FormError } from '../../shared/ui'
import { usePhrasing } from '../../shared/use-phrasing'

type Words = ReturnType<typeof $liveMessages.get>

const letter = (i: number) => String.fromCharCode(65 + i)

/** An answer or a key as the teacher reads it: option letters, true or false, a blank's words. */
function answerText(value: unknown, t: Words): string {
  if (typeof value === 'number') return letter(value)
  if (typeof value === 'boolean') return value ? t.trueLabel : t.falseLabel
  if (Array.isArray(value)) return value.map(v => (typeof v === 'number' ? letter(v) : String(v))).join(typeof value[0] === 'number' ? '' : ' / ')
  return value === null || value === undefined ? '' : String(value)
}

const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 1000) / 10}%` : '–')

/**
 * The course's live classes on its board (teachers): each session with its
 * attendance and questions, and its report after class (who was there, each
 * question with who answered what, the calls and the wall), as a workbook too.
 */
export function LiveReports({ courseId }: { courseId: string }) {
  const t = useStore($liveMessages)
  const common = useStore($common)
  const { locale } = usePhrasing()
  const [list] = useLoadable(signal => fetchLiveSessions(courseId, { signal }), [courseId])
  const [open, setOpen] = useState<string | null>(null)
  const sessions = list.status === 'ready' ? list.data : null
  const error = list.status === 'failed' ? errorMessage(list.error, common) : ''

  return (
    <section className="panel live-reports" aria-labelledby="live-reports-title" data-testid="live-reports">
      <h3 id="live-reports-title" className="chart-title">
        {t.reportsTitle}
      </h3>
      <FormError message={error} />
      {sessions === null ? null : sessions.length === 0 ? (
        <p className="muted">{t.reportsEmpty}</p>
      ) : (
        <table className="table compact-table">
          <thead>
            <tr>
              <th scope="col">{t.startedAt}</th>
              <th scope="col">{t.presentLabel}</th>
              <th scope="col">{t.lateColumn}</th>
              <th scope="col">{t.questionsLabel}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {sessions.map(s => (
              <tr key={s.id} data-testid="live-session">
                <td>
                  {formatDate(s.startedAt, locale)}
                  {s.lessonTitle ? <span className="muted"> · {s.lessonTitle}</span> : null}
                  {s.endedAt === null ? <span className="badge primary">{t.running}</span> : null}
                </td>
                <td>{s.present}</td>
                <td>{s.late}</td>
                <td>{s.questions}</td>
                <td>
                  <div className="row-actions">
                    {s.endedAt === null ? (
                      <a className="button" href={liveHref(s.id)}>
                        {t.resumeLive}
                      </a>
                    ) : null}
                    <button
                      type="button"
                      className="button"
                      aria-expanded={open === s.id}
                      data-testid="open-report"
                      onClick={() => setOpen(open === s.id ? null : s.id)}>
                      {open === s.id ? t.closeReport : t.openReport}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open ? <SessionReport key={open} sessionId={open} /> : null}
    </section>
  )
}

function SessionReport({ sessionId }: { sessionId: string }) {
  const t = useStore($liveMessages)
  const common = useStore($common)
  const phrase = usePhrasing()
  const [loaded] = useLoadable(signal => fetchLiveReport(sessionId, { signal }), [sessionId])
  const [error, setError] = useState('')
  const report = loaded.status === 'ready' ? loaded.data : null

  const download = () => {
    setError('')
    downloadLiveReport(sessionId).catch(failure => setError(errorMessage(failure, common)))
  }
  const markName = { right: t.markRight, partly: t.markPartly, wrong: t.markWrong }

  if (!report) return loaded.status === 'failed' ? <FormError message={errorMessage(loaded.error, common)} /> : <p className="muted">{t.reportLoading}</p>
  return (
    <div className="live-report" data-testid="live-report">
      <div className="live-report-head">
        <button type="button" className="button primary" data-testid="download-report" onClick={download}>
          {t.downloadReport}
        </button>
      </div>
      <FormError message={error} />
      <div className="live-report-grid">
        <section aria-labelledby="live-attendance">
          <h4 id="live-attendance">{phrase.labelled(t.attendance, `${report.present.length} / ${report.present.length + report.absent.length}`)}</h4>
          <table className="table compact-table" data-testid="report-attendance">
            <thead>
              <tr>
                <th scope="col">{t.studentName}</th>
                <th scope="col">{t.status}</th>
              </tr>
            </thead>
            <tbody>
              {report.present.map(p => (
                <tr key={p.id}>
                  <td>{p.name}</td>
                  <td>{p.late ? t.statusLate : t.onTime}</td>
                </tr>
              ))}
              {report.absent.map(a => (
                <tr key={a.id} className="muted">
                  <td>{a.name}</td>
                  <td>{t.absent}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <ReportList
          id="live-calls"
          title={t.calls}
          empty={t.noCalls}
          items={report.calls.map(c => ({ key: c.callId, text: phrase.labelled(c.student.name, c.mark ? markName[c.mark] : t.notMarked) }))}
        />
      </div>
      <section aria-labelledby="live-questions">
        <h4 id="live-questions">{t.questionsTitle}</h4>
        {report.questions.length === 0 ? <p className="muted">{t.noQuestions}</p> : null}
        <ol className="report-questions" data-testid="report-questions">
          {report.questions.map(q => (
            <li key={q.questionId}>
              <p className="report-stem">{q.stem}</p>
              <p className="muted">
                {phrase.labelled(t.correctAnswer, answerText(q.answer, t))} · {phrase.labelled(t.answered, String(q.answered))} ·{' '}
                {phrase.labelled(t.correctRate, percent(q.correct, q.answered))}
              </p>
              {q.answers.length ? (
                <details>
                  <summary>{t.whoAnswered}</summary>
                  <ul className="plain-list">
                    {q.answers.map(a => (
                      <li key={a.studentId} className={a.correct ? 'right' : 'wrong'}>
                        {phrase.labelled(a.name, answerText(a.value, t))} {a.correct ? '✓' : '✗'}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      <ReportList
        id="live-wall"
        title={t.wall}
        empty={t.wallEmpty}
        items={report.wall.map(m => ({ key: m.id, text: phrase.labelled(m.name, m.text), aside: m.hidden ? t.hidden : undefined }))}
      />
    </div>
  )
}

/** A titled list of the report (the calls, the wall), or what to say when it is empty. */
function ReportList({ id, title, empty, items }: { id: string; title: string; empty: string; items: Array<{ key: string; text: string; aside?: string }> }) {
  return (
    <section aria-labelledby={id}>
      <h4 id={id}>{title}</h4>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="plain-list" data-testid={`report-${id.replace('live-', '')}`}>
          {items.map(item => (
            <li key={item.key} className={item.aside ? 'muted' : undefined}>
              {item.text}
              {item.aside ? <span className="badge">{item.aside}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
