import { useStore } from '@nanostores/react'
import { Fragment, useEffect, useMemo, useState } from 'react'
import { downloadBoardXlsx, fetchBoardFilters, fetchBoardSummary, fetchChain, type BoardQuery, type BoardSummary, type Headline } from '../../api/board'
import { $boardMessages } from '../../i18n'
import { DailyChart, type DailySeries } from '../shared/charts/daily-chart'
import { Kpi } from '../shared/charts/kpi'
import { LoadGate } from '../shared/load/load-gate'
import { useLoadable } from '../shared/load/use-loadable'
import { Select } from '../shared/select'
import { chainClass, chainText } from './chain-status'
import { Bars, FigureTable } from './tables'

const pad = (n: number) => String(n).padStart(2, '0')
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
const daysAgo = (n: number) => {
  const d = new Date()
  d.setDate(d.getDate() - n)
  return dayOf(d)
}
const REFRESH_MS = 60_000
/** How often the board asks again while the server is still rolling up history. */
const COMPUTING_REFRESH_MS = 3_000
const COLORS = { teachers: '#F59E0B', managers: '#16A34A', students: '#32C5FF', questions: '#6366F1' }

export interface DataBoardProps {
  /** Where the records link goes (the host app's board layout route). */
  recordsHref?: string
}

/**
 * `<zx-data-board>`: the school leader's board (client type 2). Date range,
 * class / major / course filters, the previous period beside each figure,
 * auto-refresh, a 1920×1080 big-screen mode, every chart as a table too, and
 * the whole board as XLSX.
 */
export function DataBoard({ recordsHref = '/course/board/optionRecord' }: DataBoardProps) {
  const t = useStore($boardMessages)
  const [query, setQuery] = useState<BoardQuery>({ from: daysAgo(6), to: daysAgo(0) })
  const [autoRefresh, setAutoRefresh] = useState(false)
  const [bigScreen, setBigScreen] = useState(false)
  const [exporting, setExporting] = useState(false)
  const [exportError, setExportError] = useState(false)
  const [summary, $summary] = useLoadable(signal => fetchBoardSummary(query, { signal }), [query.from, query.to, query.classId, query.major, query.courseId], {
    keep: true,
  })
  const [filters] = useLoadable(signal => fetchBoardFilters({ signal, quiet: true }), [])
  // Whether the operation records are intact, beside the way to them.
  const [chain] = useLoadable(signal => fetchChain(false, { signal, quiet: true }), [])

  useEffect(() => {
    if (!autoRefresh) return
    const timer = setInterval(() => void $summary.retry(), REFRESH_MS)
    return () => clearInterval(timer)
  }, [autoRefresh, $summary])
  // While the server rolls up history in the background, the figures so far are shown and refreshed until complete.
  const computing = summary.status === 'ready' ? summary.data.computing : null
  useEffect(() => {
    if (!computing) return
    const timer = setTimeout(() => void $summary.retry(), COMPUTING_REFRESH_MS)
    return () => clearTimeout(timer)
  }, [computing, $summary])

  const preset = (days: number) => setQuery(q => ({ ...q, from: daysAgo(days - 1), to: daysAgo(0) }))
  const exportXlsx = async () => {
    setExporting(true)
    setExportError(false)
    try {
      await downloadBoardXlsx('board', query, `${t.title}-${query.from}-${query.to}`)
    } catch {
      setExportError(true)
    } finally {
      setExporting(false)
    }
  }

  return (
    <div className={bigScreen ? 'board big-screen' : 'board'} part="base" data-testid="data-board" aria-busy={summary.status === 'loading' || undefined}>
      <header className="board-bar" part="header">
        <h1 className="board-title">{t.title}</h1>
        <div className="controls" part="actions" role="group" aria-label={t.title}>
          <div className="segmented">
            {[7, 30, 180].map(n => (
              <button key={n} type="button" onClick={() => preset(n)} aria-pressed={query.from === daysAgo(n - 1) && query.to === daysAgo(0)}>
                {n === 7 ? t.last7 : n === 30 ? t.last30 : t.thisTerm}
              </button>
            ))}
          </div>
          <label>
            {t.from}
            <input
              type="date"
              data-testid="board-from"
              value={query.from}
              max={query.to}
              onChange={e => e.target.value && setQuery(q => ({ ...q, from: e.target.value }))}
            />
          </label>
          <label>
            {t.to}
            <input
              type="date"
              data-testid="board-to"
              value={query.to}
              min={query.from}
              onChange={e => e.target.value && setQuery(q => ({ ...q, to: e.target.value }))}
            />
          </label>
          {(
            [
              ['classId', t.allClasses, filters.data?.classes.map(c => ({ value: c.id, label: c.name }))],
              ['major', t.allMajors, filters.data?.majors.map(m => ({ value: m, label: m }))],
              ['courseId', t.allCourses, filters.data?.courses.map(c => ({ value: c.id, label: c.title }))],
            ] as const
          ).map(([key, all, options]) => (
            <Select
              key={key}
              small
              aria-label={all}
              value={query[key] ?? ''}
              onChange={e => setQuery(q => ({ ...q, [key]: e.target.value || undefined }))}
              none={all}
              options={options}
            />
          ))}
          <label className="toggle">
            <input type="checkbox" checked={autoRefresh} onChange={e => setAutoRefresh(e.target.checked)} />
            {t.autoRefresh}
          </label>
          <button type="button" className="btn" data-testid="board-big-screen" aria-pressed={bigScreen} onClick={() => setBigScreen(b => !b)}>
            {bigScreen ? t.exitBigScreen : t.bigScreen}
          </button>
          <button type="button" className="btn" data-testid="board-export" disabled={exporting} onClick={() => void exportXlsx()}>
            {exporting ? t.exporting : t.exportXlsx}
          </button>
          <a className="btn link" href={recordsHref} data-testid="board-records-link">
            {t.records}
          </a>
          <span className={chainClass(chain.data)} data-testid="board-chain-status" role="status">
            {chainText(t, chain.status, chain.data)}
          </span>
        </div>
        {exportError ? (
          <p role="alert" className="error">
            {t.exportFailed}
          </p>
        ) : null}
      </header>
      <LoadGate state={summary} what={t.title} onRetry={() => void $summary.retry()} skeleton="cards" count={4}>
        {data => <BoardBody data={data} />}
      </LoadGate>
    </div>
  )
}

function change(current: number, previous: number, t: ReturnType<typeof $boardMessages.get>): string {
  if (current === previous) return t.samePrevious
  if (previous === 0) return t.vsPrevious({ change: `+${current}` })
  const pct = Math.round(((current - previous) / previous) * 100)
  return t.vsPrevious({ change: `${pct > 0 ? '+' : ''}${pct}%` })
}

function BoardBody({ data }: { data: BoardSummary }) {
  const t = useStore($boardMessages)
  const [now, before]: [Headline, Headline] = [data.headline, data.previous]
  const days = useMemo(() => data.daily.map(d => d.day), [data])
  const active = useMemo<DailySeries[]>(
    () => [
      { label: t.students, values: data.daily.map(d => d.active['3']), color: COLORS.students, kind: 'line' },
      { label: t.teachers, values: data.daily.map(d => d.active['1']), color: COLORS.teachers, kind: 'line' },
      { label: t.managers, values: data.daily.map(d => d.active['2']), color: COLORS.managers, kind: 'line' },
    ],
    [data, t],
  )
  const questions = useMemo<DailySeries[]>(
    () => [{ label: t.questions, values: data.daily.map(d => d.questions), color: COLORS.questions, kind: 'bars' }],
    [data, t],
  )

  return (
    <>
      {data.computing ? (
        <p className="board-computing" role="status" data-testid="board-computing">
          {t.computing} <progress max={data.computing.daysTotal} value={data.computing.daysDone} aria-label={t.computingProgress(data.computing)} />{' '}
          {t.computingProgress(data.computing)}
        </p>
      ) : null}
      <div className="kpis">
        <Kpi testId="kpi-questions" label={t.questions} value={now.questions} note={change(now.questions, before.questions, t)} />
        <Kpi testId="kpi-active" label={t.activeUsers} value={now.activeUsers} note={change(now.activeUsers, before.activeUsers, t)} />
        <Kpi testId="kpi-tokens" label={t.tokens} value={now.tokens} note={change(now.tokens, before.tokens, t)} />
        <Kpi
          testId="kpi-cost"
          label={t.cost}
          value={now.cost === null ? '—' : `${now.cost} ${data.currency}`}
          note={now.cost === null ? t.noPrice : change(now.cost, before.cost ?? 0, t)}
        />
        <Kpi testId="kpi-completions" label={t.completions} value={now.completions} note={change(now.completions, before.completions, t)} />
        <Kpi testId="kpi-new-users" label={t.newUsers} value={now.newUsers} note={`${t.users} ${data.users.total}`} />
      </div>
      <div className="grid" part="body">
        <section className="panel wide">
          <h2>{t.activePerDay}</h2>
          <DailyChart days={days} series={active} dayLabel={t.day} label={t.activePerDay} />
          <FigureTable
            testId="table-active"
            summary={t.showTable}
            headers={[t.day, t.students, t.teachers, t.managers]}
            rows={data.daily.map(d => [d.day, d.active['3'], d.active['1'], d.active['2']])}
          />
        </section>
        <section className="panel wide">
          <h2>{t.questionsPerDay}</h2>
          <DailyChart days={days} series={questions} dayLabel={t.day} label={t.questionsPerDay} />
          <FigureTable summary={t.showTable} headers={[t.day, t.questions, t.tokens]} rows={data.daily.map(d => [d.day, d.questions, d.tokens])} />
        </section>
        <section className="panel">
          <h2>{t.byModel}</h2>
          <Bars
            testId="board-models"
            items={data.models.map(m => ({ label: m.model, value: m.questions, note: m.cost === null ? '' : `${m.cost} ${data.currency}` }))}
          />
          <FigureTable
            summary={t.showTable}
            headers={[t.model, t.questions, t.answers, t.promptTokens, t.completionTokens, t.cost]}
            rows={data.models.map(m => [m.model, m.questions, m.answers, m.promptTokens, m.completionTokens, m.cost ?? '—'])}
          />
        </section>
        <section className="panel">
          <h2>{t.courses}</h2>
          <dl className="facts">
            <dt>{t.coursesTotal}</dt>
            <dd>{data.courses.total}</dd>
            <dt>{t.published}</dt>
            <dd>{data.courses.published}</dd>
            <dt>{t.lessons}</dt>
            <dd>{data.courses.lessons}</dd>
            <dt>{t.completions}</dt>
            <dd>{data.courses.completions}</dd>
          </dl>
        </section>
        <section className="panel">
          <h2>{t.evaluations}</h2>
          <dl className="facts">
            <dt>{t.submissions}</dt>
            <dd>{data.evaluations.submissions}</dd>
            <dt>{t.autoSubmitted}</dt>
            <dd data-testid="auto-submitted">{data.evaluations.autoSubmitted ?? 0}</dd>
            <dt>{t.participants}</dt>
            <dd>{data.evaluations.participants}</dd>
            <dt>{t.averageRate}</dt>
            <dd>{data.evaluations.averageRate === null ? '—' : `${data.evaluations.averageRate}%`}</dd>
          </dl>
          <h3>{t.weakest}</h3>
          <Bars items={data.evaluations.weakest.map(w => ({ label: w.tag, value: w.rate, note: '%' }))} />
        </section>
        <section className="panel">
          <h2>{t.knowledge}</h2>
          <dl className="facts">
            <dt>{t.libraries}</dt>
            <dd>{data.knowledge.libraries}</dd>
            <dt>{t.documents}</dt>
            <dd>{data.knowledge.documents}</dd>
            <dt>{t.passages}</dt>
            <dd>{data.knowledge.passages}</dd>
            <dt>{t.grounded}</dt>
            <dd>{data.knowledge.groundedShare}%</dd>
          </dl>
        </section>
        <section className="panel">
          <h2>{t.assistants}</h2>
          <Bars items={data.assistants.map(a => ({ label: a.name || a.id, value: a.questions }))} />
        </section>
        <section className="panel">
          <h2>{t.topics}</h2>
          <Bars testId="board-topics" items={data.topics.map(x => ({ label: x.term, value: x.count }))} />
        </section>
        <section className="panel">
          <h2>{t.embed}</h2>
          <Bars items={data.embed.map(e => ({ label: e.origins[0] ?? e.name, value: e.messages, note: `${e.tokens} ${t.tokens}` }))} />
        </section>
        {data.placements ? (
          <section className="panel" data-testid="board-placements">
            <h2>{t.placementEvidence}</h2>
            <dl className="facts">
              <dt>{t.placementLogs}</dt>
              <dd>{data.placements.logs}</dd>
              <dt>{t.mentorComments}</dt>
              <dd>{data.placements.comments}</dd>
              <dt>{t.placementStudents}</dt>
              <dd>{data.placements.students}</dd>
            </dl>
            {(
              [
                [t.evidenceKnowledge, data.placements.knowledgePoints],
                [t.evidenceCompetency, data.placements.competencies],
              ] as const
            ).map(([title, points]) => (
              <Fragment key={title}>
                <h3>{title}</h3>
                <FigureTable
                  summary={title}
                  headers={[t.evidencePoint, t.evidenceMajor, t.placementLogs, t.mentorComments, t.students]}
                  rows={points.map(p => [p.name, p.major, p.logs, p.comments, p.students])}
                />
                <Bars items={points.map(p => ({ label: p.name, value: p.logs + p.comments }))} />
              </Fragment>
            ))}
          </section>
        ) : null}
        <section className="panel">
          <h2>{t.teacherActivity}</h2>
          <FigureTable
            summary={t.teacherActivity}
            headers={[t.user, t.actions, t.created, t.published]}
            rows={data.teachers.map(x => [x.username, x.actions, x.created, x.published])}
          />
          <Bars items={data.teachers.slice(0, 8).map(x => ({ label: x.username, value: x.actions }))} />
        </section>
      </div>
    </>
  )
}
