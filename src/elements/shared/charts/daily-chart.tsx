import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import { adoptCss } from '../markdown/adopt-css'
import { uplotCss } from './uplot-css'

export interface DailySeries {
  label: string
  values: number[]
  color: string
  kind: 'line' | 'bars'
}

/** 'YYYY-MM-DD' → seconds at local midnight (uPlot's time axis). */
const toSeconds = (day: string) => {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(y!, m! - 1, d!).getTime() / 1000
}

const DAY = 86_400
/** Steps of the time axis, in seconds: one day, two, a week, … */
const DAY_INCREMENTS = [1, 2, 3, 7, 14, 30, 61, 91, 182, 365].map(n => n * DAY)

/** Reads a theme token as a colour the canvas can use. */
function token(el: Element, name: string, fallback: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || fallback
}

/**
 * Counts per day drawn with uPlot (23 KB gzip, loaded only with the board):
 * bars or a line per series, a live legend with the hovered day's values,
 * and the chart redrawn to its box's width.
 */
export function DailyChart({
  days,
  series,
  height = 220,
  label,
  dayLabel,
}: {
  days: string[]
  series: DailySeries[]
  height?: number
  label: string
  dayLabel: string
}) {
  const box = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const el = box.current
    if (!el) return
    adoptCss(el.getRootNode() as ShadowRoot | Document, 'uplot', uplotCss)
    const muted = token(el, '--_text-muted', '#6b7280')
    const grid = token(el, '--_border', '#e5e7eb')
    const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } }
    const bars = uPlot.paths.bars!({ size: [0.6, 28] })
    const plot = new uPlot(
      {
        width: Math.max(240, el.clientWidth),
        height,
        legend: { live: true },
        cursor: { points: { size: 7 }, drag: { x: false, y: false } },
        // Half a day of room on each side, so the first and last bars are whole.
        scales: {
          x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
          y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
        },
        axes: [
          // Ticks on whole days only (uPlot would tick every 12 hours and name each day twice).
          {
            ...axis,
            incrs: DAY_INCREMENTS,
            values: (_u, ticks) => ticks.map(t => new Date(t * 1000).toLocaleDateString(undefined, { month: 'numeric', day: 'numeric' })),
          },
          { ...axis, size: 40, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] },
        ],
        series: [
          { label: dayLabel, value: (_u: uPlot, v: number | null) => (v === null ? '' : new Date(v * 1000).toLocaleDateString()) },
          ...series.map(s => ({
            label: s.label,
            stroke: s.color,
            width: s.kind === 'line' ? 2.5 : 0,
            fill: s.kind === 'bars' ? s.color : `${s.color}22`,
            points: { show: s.kind === 'line' },
            ...(s.kind === 'bars' ? { paths: bars } : {}),
          })),
        ],
      },
      [days.map(toSeconds), ...series.map(s => s.values)],
      el,
    )
    const resize = new ResizeObserver(([entry]) => plot.setSize({ width: Math.max(240, Math.floor(entry!.contentRect.width)), height }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
  }, [days, series, height, dayLabel])

  return <div ref={box} className="chart" role="img" aria-label={label} />
}
