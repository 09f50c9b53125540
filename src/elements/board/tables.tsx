import { useStore } from '@nanostores/react'
import type { ReactNode } from 'react'
import { $boardMessages } from '../../i18n'

/** A chart's numbers as a table (accessibility: every chart is readable without it). */
export function FigureTable({ summary, headers, rows, testId }: { summary: string; headers: string[]; rows: Array<Array<ReactNode>>; testId?: string }) {
  // Nothing to read as a table: the chart beside it says so (Bars' empty line).
  if (!rows.length) return null
  return (
    <details className="figure-table" data-testid={testId}>
      <summary>{summary}</summary>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              {headers.map(h => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) =>
                  j === 0 ? (
                    <th key={j} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={j}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  )
}

/** Horizontal bars for ranked lists (models, assistants, topics, sites), drawn with CSS; an empty list says so. */
export function Bars({ items, testId }: { items: Array<{ label: string; value: number; note?: string }>; testId?: string }) {
  const t = useStore($boardMessages)
  if (!items.length)
    return (
      <p className="muted" data-testid={testId}>
        {t.noData}
      </p>
    )
  const max = Math.max(1, ...items.map(i => i.value))
  return (
    <ol className="bars" data-testid={testId}>
      {items.map(item => (
        <li key={item.label}>
          <span className="bar-label">{item.label}</span>
          <span className="bar-track" aria-hidden="true">
            <span className="bar-fill" style={{ width: `${(item.value / max) * 100}%` }} />
          </span>
          <span className="bar-value">
            {item.value}
            {item.note ? <small> {item.note}</small> : null}
          </span>
        </li>
      ))}
    </ol>
  )
}
