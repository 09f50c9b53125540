import { useStore } from '@nanostores/react'
import { fetchCourseRanking, type CourseEvaluationResult, type Indicator } from '../../../api/evaluation'
import { $courseEvaluationMessages } from '../../../i18n'
import { LoadGate, useLoadable } from '../../shared/load'
import { RankingExport } from './export-button'

/**
 * Every published course ranked by its weighted total (unscored last), a
 * column per indicator, and the way to score each: managers, menu 9.
 */
export function CourseRanking({ onScore }: { onScore: (courseId: string) => void }) {
  const t = useStore($courseEvaluationMessages)
  const [state, store] = useLoadable(signal => fetchCourseRanking({ signal, quiet: true }), [])
  const scored = state.data?.courses.filter(c => c.total !== null).length ?? 0
  return (
    <section className="ce" part="base" data-testid="course-ranking">
      <div className="ce-head" part="header">
        <div>
          <h2>{t.rankingTitle}</h2>
          {state.data ? <span className="ce-muted">{t.scoredCount({ scored, total: state.data.courses.length })}</span> : null}
        </div>
        <div className="ce-actions" part="actions">
          <RankingExport />
        </div>
      </div>
      <LoadGate state={state} what={t.rankingWhat} onRetry={() => void store.retry()} skeleton="rows">
        {data =>
          data.courses.length === 0 ? (
            <zx-empty-state part="body" message={t.noPublished} />
          ) : (
            <RankingTable indicators={data.indicators} courses={data.courses} onScore={onScore} />
          )
        }
      </LoadGate>
    </section>
  )
}

function RankingTable({ indicators, courses, onScore }: { indicators: Indicator[]; courses: CourseEvaluationResult[]; onScore: (courseId: string) => void }) {
  const t = useStore($courseEvaluationMessages)
  return (
    <div className="ce-table-wrap" part="body">
      <table className="ce-ranking stack-table">
        <thead>
          <tr>
            <th>{t.rank}</th>
            <th>{t.course}</th>
            {indicators.map(i => (
              <th key={i.id} className="num">
                {i.name}
                <span className="ce-muted"> {i.weight}%</span>
              </th>
            ))}
            <th className="num">{t.total}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {courses.map(c => (
            <tr key={c.courseId} data-testid="ranking-row" data-course-id={c.courseId}>
              <td data-label={t.rank}>
                {c.rank ? (
                  <span className="ce-rank" data-top={c.rank <= 3 ? true : undefined}>
                    {c.rank}
                  </span>
                ) : (
                  <span className="ce-muted">—</span>
                )}
              </td>
              <td className="wide">
                <div className="ce-title">
                  <strong>{c.title}</strong>
                  {c.category || c.term ? <span className="ce-muted">{[c.category, c.term].filter(Boolean).join(' · ')}</span> : null}
                </div>
              </td>
              {c.indicators.map(i => (
                <td key={i.indicatorId} className="num" data-label={i.name}>
                  {i.score ?? <span className="ce-muted">—</span>}
                </td>
              ))}
              <td className="num ce-total-cell" data-label={t.total} data-testid="ranking-total">
                {c.total ?? <span className="ce-muted">{t.notScored}</span>}
              </td>
              <td className="wide">
                <button type="button" className={c.total === null ? 'primary' : undefined} data-testid="score-course" onClick={() => onScore(c.courseId)}>
                  {c.total === null ? t.score : t.rescore}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
