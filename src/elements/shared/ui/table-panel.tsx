import type { ReactNode } from 'react'
import type { LoadState } from '../../../stores/loadable'
import { LoadGate } from '../load/load-gate'

export interface TableColumn {
  label: ReactNode
  /** Hidden on narrow screens (`th.optional`, kit.css); its cells carry `className="optional"` too. */
  optional?: boolean
}

export interface TablePanelProps<T> {
  /** `data-testid` of the panel. */
  testId: string
  /** Above the table: the panel's filters, its "new" button or a form. */
  toolbar?: ReactNode
  state: LoadState<T[]>
  /** What the table lists, for the failure ("<what>加载失败"). */
  what: string
  onRetry: () => void
  columns: TableColumn[]
  /** One `<tr>` per item (with its key). */
  row: (item: T) => ReactNode
  /** `<zx-empty-state>` message for an empty list; without it an empty table shows. */
  empty?: string
  /** Rows become cards on phones (`stack-table`; cells need `data-label`). */
  stacked?: boolean
  /** After the table: the panel's dialogs and cards. */
  children?: ReactNode
}

/**
 * A managers' list page: toolbar, then a skeleton, the failure with a retry,
 * the empty state or the table, then the panel's dialogs. The quota and
 * school admin panels are all this shape; their rows and toolbars differ.
 */
export function TablePanel<T>({ testId, toolbar, state, what, onRetry, columns, row, empty, stacked, children }: TablePanelProps<T>) {
  return (
    <div className="panel" data-testid={testId}>
      {toolbar}
      <LoadGate state={state} what={what} onRetry={onRetry}>
        {items =>
          items.length === 0 && empty ? (
            <zx-empty-state message={empty} />
          ) : (
            <div className="table-wrap">
              <table className={stacked ? 'stack-table' : undefined}>
                <thead>
                  <tr>
                    {columns.map((column, i) => (
                      <th key={i} className={column.optional ? 'optional' : undefined}>
                        {column.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>{items.map(row)}</tbody>
              </table>
            </div>
          )
        }
      </LoadGate>
      {children}
    </div>
  )
}
