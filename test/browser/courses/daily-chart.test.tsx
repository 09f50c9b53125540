/// <reference types="mocha" />
// The per-day chart (course board and data board): the time axis names each
// day once, at its own midnight, and names no day outside the range (uPlot
// would otherwise tick every 12 hours and label "11/18, 11/18, 11/19, …",
// starting half a day before the first day).
import { expect, waitUntil } from '@open-wc/testing'
import { createRoot } from 'react-dom/client'
import { DailyChart } from '../../../src/elements/shared/charts/daily-chart'

const DATE = /^\d{1,2}\/\d{1,2}$|^\d{1,2}月\d{1,2}日$|^\d{1,2}\.\d{1,2}\.?$/

function days(count: number): string[] {
  const out: string[] = []
  for (let i = 0; i < count; i += 1) {
    const d = new Date(2026, 10, 18 + i)
    out.push(`${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`)
  }
  return out
}

describe('DailyChart time axis', () => {
  const drawn: string[] = []
  const original = CanvasRenderingContext2D.prototype.fillText
  const clear = CanvasRenderingContext2D.prototype.clearRect
  beforeEach(() => {
    drawn.length = 0
    // Each redraw starts by clearing the canvas: only the last drawing counts.
    CanvasRenderingContext2D.prototype.clearRect = function (x: number, y: number, w: number, h: number) {
      drawn.length = 0
      return clear.call(this, x, y, w, h)
    }
    CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
      drawn.push(String(text))
      return original.call(this, text, x, y, maxWidth)
    }
  })
  afterEach(() => {
    CanvasRenderingContext2D.prototype.fillText = original
    CanvasRenderingContext2D.prototype.clearRect = clear
  })

  for (const [count, width] of [
    [7, 1100],
    [7, 330],
    [30, 1100],
  ] as const) {
    it(`${count} days at ${width} px: each day labelled at most once, none outside the range`, async () => {
      const host = document.createElement('div')
      host.style.width = `${width}px`
      document.body.append(host)
      const root = createRoot(host)
      const range = days(count)
      root.render(
        <DailyChart days={range} series={[{ label: 'n', values: range.map((_, i) => i), color: '#32C5FF', kind: 'line' }]} label="chart" dayLabel="day" />,
      )
      await waitUntil(() => drawn.some(t => DATE.test(t.trim())), 'the axis is drawn', { timeout: 4000 })
      await new Promise(resolve => setTimeout(resolve, 300)) // a resize redraw, if any
      const labels = drawn.map(t => t.trim()).filter(t => DATE.test(t))
      const allowed = new Set(range.map(day => new Date(`${day}T00:00:00`).toLocaleDateString(undefined, { month: 'numeric', day: 'numeric' })))
      expect(
        labels.filter(l => !allowed.has(l)),
        'labels outside the range',
      ).to.deep.equal([])
      expect(new Set(labels).size, `no day twice: ${labels.join(' ')}`).to.equal(labels.length)
      root.unmount()
      host.remove()
    })
  }
})
