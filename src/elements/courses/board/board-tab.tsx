import { useStore } from '@nanostores/react'
import { useEffect, useMemo, useRef } from 'react'
import type { CourseBoard } from '../../../api/courses'
import { $coursesMessages } from '../../../i18n'
import { $courseBoard, loadCourseBoard } from '../../../stores/course-board'
import { adoptCss } from '../../shared/markdown/adopt-css'
import { DailyChart, type DailySeries } from '../../shared/charts/daily-chart'
import { Kpi } from '../../shared/charts/kpi'
import { usePhrasing } from '../../shared/use-phrasing'
import { LiveReports } from './live-reports'

const RANGES = [7, 14, 30, 90] as const
const COLORS = { active: '#32C5FF', questions: '#6366F1', completions: '#16A34A' }

/**
 * The course board (a tab of the course detail; this module and uPlot load
 * only when it opens): enrolment, completion, active students and questions
 * to the course AI per day, the most asked topics, and each lesson's reach;
 * for its teachers, the live classes held with their reports.
 */
export default function BoardTab({ courseId, teacher = false }: { courseId: string; teacher?: boolean }) {
  const t = useStore($coursesMessages)
  const board = useStore($courseBoard)
  const days = board.courseId === courseId ? board.days : 14
  const root = useRef<HTMLDivElement>(null)

  useEffect(() => {
    // This module arrives after the element's stylesheet: it brings its own.
    if (root.current) adoptCss(root.current.getRootNode() as ShadowRoot | Document, 'zx-course-board', boardCss)
    void loadCourseBoard(courseId, days)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once per course; a change of days reloads through its own control
  }, [courseId])

  const data = board.courseId === courseId ? board.data : null
  return (
    <div ref={root} className="board" data-testid="course-board" aria-busy={board.loading || undefined}>
      <div className="board-head">
        <h2 className="panel-title">{t.boardTitle}</h2>
        <div className="segmented" role="group" aria-label={t.boardTitle}>
          {RANGES.map(n => (
            <button key={n} type="button" aria-pressed={n === days} onClick={() => void loadCourseBoard(courseId, n)}>
              {t.days({ count: n })}
            </button>
          ))}
        </div>
      </div>
      {data ? <BoardBody data={data} /> : <div className="loading">{t.loadingChart}</div>}
      {teacher ? <LiveReports courseId={courseId} /> : null}
    </div>
  )
}

function BoardBody({ data }: { data: CourseBoard }) {
  const t = useStore($coursesMessages)
  const say = usePhrasing()
  const days = useMemo(() => data.daily.map(d => d.day), [data])
  const activity = useMemo<DailySeries[]>(
    () => [
      { label: t.questionsPerDay, values: data.daily.map(d => d.questions), color: COLORS.questions, kind: 'bars' },
      { label: t.activePerDay, values: data.daily.map(d => d.activeStudents), color: COLORS.active, kind: 'line' },
    ],
    [data, t],
  )
  const completions = useMemo<DailySeries[]>(
    () => [{ label: t.completionsPerDay, values: data.daily.map(d => d.completions), color: COLORS.completions, kind: 'bars' }],
    [data, t],
  )
  const maxTopic = Math.max(1, ...data.topics.map(x => x.count))

  return (
    <>
      <div className="kpis">
        <Kpi
          label={t.enrolled}
          value={data.enrolment.students}
          note={say.list(data.enrolment.classes.map(c => `${c.name} ${c.students}`)) || t.viaCodeCount({ count: data.enrolment.viaCode })}
          testId="kpi-enrolled"
        />
        <Kpi
          label={t.completionRate}
          value={`${data.completion.rate}%`}
          note={`${t.completions({ count: data.completion.completions })} · ${t.finishedStudents({ count: data.completion.finishedStudents })}`}
          testId="kpi-completion"
        />
        <Kpi label={t.activeStudents} value={data.totals.activeStudents} note={t.days({ count: data.days })} testId="kpi-active" />
        <Kpi label={t.questions} value={data.totals.questions} note={t.days({ count: data.days })} testId="kpi-questions" />
      </div>
      <div className="board-grid">
        <section className="panel chart-panel">
          <h3 className="chart-title">
            {t.activePerDay} · {t.questionsPerDay}
          </h3>
          <DailyChart days={days} series={activity} dayLabel={t.day} label={`${t.activePerDay} · ${t.questionsPerDay}`} />
          <DataTable days={days} series={activity} />
        </section>
        <section className="panel topics-panel" data-testid="board-topics">
          <h3 className="chart-title">{t.topTopics}</h3>
          {data.topics.length === 0 ? <p className="muted">{t.noTopics}</p> : null}
          <ol className="topics">
            {data.topics.map(topic => (
              <li key={topic.term}>
                <span className="topic-term">{topic.term}</span>
                <span className="topic-bar">
                  <span style={{ width: `${(topic.count / maxTopic) * 100}%` }} />
                </span>
                <span className="topic-count">{topic.count}</span>
              </li>
            ))}
          </ol>
        </section>
        <section className="panel chart-panel">
          <h3 className="chart-title">{t.completionsPerDay}</h3>
          <DailyChart days={days} series={completions} height={180} dayLabel={t.day} label={t.completionsPerDay} />
          <DataTable days={days} series={completions} />
        </section>
        <section className="panel lessons-panel">
          <h3 className="chart-title">{t.lessonsCompleted}</h3>
          <table className="table compact-table">
            <thead>
              <tr>
                <th scope="col">{t.lesson}</th>
                <th scope="col">{t.opened}</th>
                <th scope="col">{t.completedCount}</th>
              </tr>
            </thead>
            <tbody>
              {data.completion.perLesson.map(l => (
                <tr key={l.lessonId}>
                  <td>
                    <span className="muted">{l.chapterTitle} · </span>
                    {l.title}
                  </td>
                  <td>{l.opened}</td>
                  <td>
                    <span className="lesson-done">
                      <span className="bar">
                        <span style={{ width: `${data.enrolment.students ? (l.completed / data.enrolment.students) * 100 : 0}%` }} />
                      </span>
                      {l.completed}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </>
  )
}

/** The numbers behind a chart, for screen readers and for anyone who wants them exact. */
function DataTable({ days, series }: { days: string[]; series: DailySeries[] }) {
  const t = useStore($coursesMessages)
  return (
    <details className="chart-data">
      <summary>{t.chartTable}</summary>
      <table className="table compact-table">
        <thead>
          <tr>
            <th scope="col">{t.day}</th>
            {series.map(s => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day, i) => (
            <tr key={day}>
              <td>{day}</td>
              {series.map(s => (
                <td key={s.label}>{s.values[i]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}

export const boardCss = `
.board { display: flex; flex-direction: column; gap: 16px; }
.board-head { display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
.kpis { display: grid; grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); gap: 12px; }
.kpi { display: flex; flex-direction: column; gap: 2px; padding: 16px 18px; border-radius: var(--_radius); background: var(--_bg-elevated); border: 1px solid var(--_border); }
.kpi-label { color: var(--_text-muted); font-size: 13px; }
.kpi-value { font-size: 30px; line-height: 1.2; font-weight: 800; color: var(--_text); }
.kpi-note { color: var(--_text-muted); font-size: 12px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.board-grid { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); gap: 16px; }
.board-grid .panel + .panel { margin-top: 0; }
.chart-title { margin: 0 0 10px; font-size: 15px; font-weight: 600; }
.chart { width: 100%; min-height: 120px; }
.chart .uplot { width: 100% !important; font-family: var(--_font); color: var(--_text-muted); }
.chart .u-legend { font-size: 12.5px; color: var(--_text); }
.chart-data { margin-top: 8px; font-size: 13px; }
.chart-data summary { cursor: pointer; color: var(--_text-muted); }
.compact-table td, .compact-table th { padding: 6px 10px; }
.topics { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.topics li { display: grid; grid-template-columns: minmax(56px, auto) 1fr 28px; gap: 10px; align-items: center; }
.topic-term { font-weight: 600; }
.topic-bar { height: 10px; border-radius: 5px; background: var(--_bg-subtle); overflow: hidden; }
.topic-bar span { display: block; height: 100%; border-radius: inherit; background: linear-gradient(90deg, #818cf8, #6366f1); }
.topic-count { text-align: right; color: var(--_text-muted); font-variant-numeric: tabular-nums; }
.lesson-done { display: grid; grid-template-columns: 80px auto; gap: 8px; align-items: center; }
.live-reports .row-actions { display: flex; gap: 8px; justify-content: flex-end; flex-wrap: wrap; }
.live-report { display: flex; flex-direction: column; gap: 12px; margin-top: 12px; padding-top: 12px; border-top: 1px solid var(--_border); }
.live-report h4 { margin: 0 0 6px; font-size: 14px; }
.live-report-head { display: flex; justify-content: flex-end; }
.live-report-grid { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 16px; }
.report-questions { margin: 0; padding-left: 20px; display: flex; flex-direction: column; gap: 8px; }
.report-questions p { margin: 0; }
.report-stem { font-weight: 600; }
.plain-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.plain-list .badge { margin-left: 6px; }
@media (max-width: 900px) { .board-grid, .live-report-grid { grid-template-columns: minmax(0, 1fr); } }
@media (max-width: 640px) { .kpis { grid-template-columns: repeat(2, minmax(0, 1fr)); } .kpi-value { font-size: 24px; } }
`
