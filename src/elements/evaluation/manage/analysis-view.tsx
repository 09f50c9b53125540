import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { downloadXlsx, fetchAnalysis } from '../../../api/evaluation'
import { serverMessage } from '../../../api/errors'
import { showToast } from '../../../stores/toasts'
import { $evaluationMessages } from '../../../i18n'
import { loadable } from '../../../stores/loadable'
import { LoadGate } from '../../shared/load'
import { TYPE_WORDS } from '../../shared/course-eval/words'
import { NotHandedIn } from './not-handed-in'
import { HandedIn } from './handed-in'

/**
 * The analysis of one evaluation as tables (score distribution, per question
 * correct rate / difficulty / discrimination / most chosen wrong options,
 * knowledge-point mastery per class), the pass rate, who has not handed in yet,
 * with the XLSX export. Teachers and managers.
 */
export const $analysis = loadable((signal, evaluationId: string) => fetchAnalysis(evaluationId, { signal, quiet: true }))

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`)
const LETTERS = 'ABCDEF'

export function AnalysisView({ evaluationId, onBack }: { evaluationId: string; onBack: () => void }) {
  const t = useStore($evaluationMessages)
  const state = useStore($analysis)
  const [exporting, setExporting] = useState(false)
  useEffect(() => {
    void $analysis.load(evaluationId)
  }, [evaluationId])
  const exportXlsx = async () => {
    setExporting(true)
    try {
      await downloadXlsx({ kind: 'analysis', evaluationId }, t.analysisTitle)
    } catch (error) {
      // The button is there to try again; the server's words say why (busy: try again shortly).
      showToast('error', serverMessage(error) ?? t.downloadFailed)
    } finally {
      setExporting(false)
    }
  }
  return (
    <section className="manage-section" data-testid="analysis">
      <div className="section-head">
        <h2>{t.analysisTitle}</h2>
        <div className="row-actions">
          <button type="button" disabled={exporting} data-testid="export-analysis" onClick={() => void exportXlsx()}>
            {t.exportXlsx}
          </button>
          <button type="button" className="link" onClick={onBack}>
            {t.backToList}
          </button>
        </div>
      </div>
      <LoadGate state={state} what={t.analysisTitle} onRetry={() => void $analysis.retry()} skeleton="lines">
        {a => (
          <>
            <p className="meta">
              {t.analysisSummary({ submitted: a.submitted, average: a.average, highest: a.highest ?? '—', lowest: a.lowest ?? '—', max: a.maxScore })}
            </p>
            {a.passMark === null ? null : (
              <p className="meta" data-testid="pass-rate">
                {a.passRate === null
                  ? t.passRateNoneGraded({ passMark: a.passMark })
                  : t.passRate({ rate: percent(a.passRate), passed: a.passed, graded: a.graded, passMark: a.passMark })}
              </p>
            )}
            {a.notHandedIn ? <NotHandedIn students={a.notHandedIn} /> : null}
            <HandedIn students={a.students} />
            <div className="table-wrap">
              <table className="data" data-testid="distribution">
                <caption>{t.distribution}</caption>
                <thead>
                  <tr>
                    <th>{t.scoreRange}</th>
                    <th>{t.students}</th>
                  </tr>
                </thead>
                <tbody>
                  {a.distribution.map(d => (
                    <tr key={d.from}>
                      <td>
                        {d.from}–{d.to}
                      </td>
                      <td>{d.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="table-wrap">
              <table className="data" data-testid="question-stats">
                <caption>{t.perQuestion}</caption>
                <thead>
                  <tr>
                    <th>#</th>
                    <th>{t.questionType}</th>
                    <th>{t.stem}</th>
                    <th>{t.correctRate}</th>
                    <th>{t.difficulty}</th>
                    <th>{t.discrimination}</th>
                    <th>{t.wrongOptions}</th>
                  </tr>
                </thead>
                <tbody>
                  {a.questions.map(q => (
                    <tr key={q.questionId}>
                      <td>{q.position}</td>
                      <td>{t[TYPE_WORDS[q.type]]}</td>
                      {/* The question itself beside its figures, as plain text (its Markdown marks unrendered), long ones cut. */}
                      <td className="analysis-stem" title={q.stem}>
                        {stemLine(q.stem)}
                      </td>
                      <td>{percent(q.correctRate)}</td>
                      <td>{q.difficulty.toFixed(2)}</td>
                      <td>{q.discrimination === null ? '—' : q.discrimination.toFixed(2)}</td>
                      <td>{q.wrongOptions.map(w => `${LETTERS[w.option] ?? '?'}×${w.count}`).join('  ') || '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {a.knowledgePoints.length > 0 ? (
              <div className="table-wrap">
                <table className="data" data-testid="mastery">
                  <caption>{t.masteryTitle}</caption>
                  <thead>
                    <tr>
                      <th>{t.knowledgePoint}</th>
                      <th>{t.overall}</th>
                      {a.knowledgePoints[0]!.byClass.map(c => (
                        <th key={c.classId}>{c.className}</th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {a.knowledgePoints.map(k => (
                      <tr key={k.tag}>
                        <td>{k.tag}</td>
                        <td>{percent(k.mastery)}</td>
                        {k.byClass.map(c => (
                          <td key={c.classId}>{percent(c.mastery)}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </>
        )}
      </LoadGate>
    </section>
  )
}

/** A stem on one line for a table cell: its first 80 characters, line breaks as spaces. */
function stemLine(stem: string): string {
  const line = stem.replace(/\s+/gu, ' ').trim()
  return line.length > 80 ? `${line.slice(0, 80)}…` : line
}
