import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { downloadBoardXlsx, fetchChain, fetchRecords, type RecordQuery } from '../../api/board'
import { $boardMessages, $locale } from '../../i18n'
import { chainClass, chainText } from './chain-status'
import { LoadGate } from '../shared/load/load-gate'
import { useLoadable } from '../shared/load/use-loadable'
import { Select } from '../shared/select'

const ACTIONS = [
  'login',
  'logout',
  'create',
  'update',
  'delete',
  'publish',
  'share',
  'permission',
  'import',
  'export',
  'settings',
  'password',
  'prune',
  'complete',
  'join',
  'restore',
] as const

type Messages = ReturnType<typeof $boardMessages.get>

/**
 * A recorded code (an action such as `login`, an object type such as
 * `knowledge_document`) in the chosen language, from the board word
 * `<kind><Code>` (`actionLogin`, `objectTypeKnowledgeDocument`). The server may
 * record a code the words do not know yet (object types follow route names):
 * it shows as recorded.
 */
function recordedName(t: Messages, kind: 'action' | 'objectType', code: string): string {
  if (!/^[a-z][a-z0-9_]*$/.test(code)) return code
  const key = kind + code.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase())
  const word = (t as Record<string, unknown>)[key]
  return typeof word === 'string' ? word : code
}
const PAGE_SIZE = 20

/**
 * `<zx-operation-records>`: who did what (client type 2). Search, filters,
 * pages, XLSX export, and whether the hash chain is intact.
 */
export function OperationRecords() {
  const t = useStore($boardMessages)
  const locale = useStore($locale)
  const [query, setQuery] = useState<RecordQuery>({ page: 1, pageSize: PAGE_SIZE })
  const [keyword, setKeyword] = useState('')
  const [fresh, setFresh] = useState(0)
  const [exportError, setExportError] = useState(false)
  const [list, $list] = useLoadable(signal => fetchRecords(query, { signal }), [query.keyword, query.action, query.result, query.from, query.to, query.page], {
    keep: true,
  })
  const [chain] = useLoadable(signal => fetchChain(fresh > 0, { signal, quiet: true }), [fresh])
  const set = (patch: Partial<RecordQuery>) => setQuery(q => ({ ...q, page: 1, ...patch }))

  return (
    <div className="records" part="base" data-testid="operation-records">
      <header className="board-bar" part="header">
        <h1 className="board-title">{t.recordsTitle}</h1>
        <p className={chainClass(chain.data)} data-testid="chain-status" role="status">
          {chainText(t, chain.status, chain.data)}
          <button type="button" className="btn small" onClick={() => setFresh(n => n + 1)}>
            {t.checkChain}
          </button>
        </p>
        <form
          className="controls"
          part="actions"
          role="search"
          onSubmit={e => {
            e.preventDefault()
            set({ keyword: keyword.trim() || undefined })
          }}>
          <input
            type="search"
            data-testid="records-keyword"
            placeholder={t.keyword}
            aria-label={t.keyword}
            value={keyword}
            onChange={e => setKeyword(e.target.value)}
          />
          <Select
            small
            aria-label={t.allActions}
            value={query.action ?? ''}
            onChange={e => set({ action: e.target.value || undefined })}
            none={t.allActions}
            options={ACTIONS.map(a => ({ value: a, label: recordedName(t, 'action', a) }))}
          />
          <Select
            small
            aria-label={t.allResults}
            value={query.result ?? ''}
            onChange={e => set({ result: (e.target.value || undefined) as RecordQuery['result'] })}>
            <option value="">{t.allResults}</option>
            <option value="success">{t.success}</option>
            <option value="failure">{t.failure}</option>
          </Select>
          <input type="date" aria-label={t.from} value={query.from ?? ''} onChange={e => set({ from: e.target.value || undefined })} />
          <input type="date" aria-label={t.to} value={query.to ?? ''} onChange={e => set({ to: e.target.value || undefined })} />
          <button
            type="button"
            className="btn"
            data-testid="records-export"
            onClick={() =>
              downloadBoardXlsx('records', { ...query, page: undefined, pageSize: undefined }, t.recordsTitle).then(
                () => setExportError(false),
                () => setExportError(true),
              )
            }>
            {t.exportXlsx}
          </button>
        </form>
        {exportError ? (
          <p role="alert" className="error">
            {t.exportFailed}
          </p>
        ) : null}
      </header>
      <LoadGate state={list} what={t.recordsTitle} onRetry={() => void $list.retry()}>
        {data => (
          <>
            <div className="table-scroll" part="body">
              <table className="records-table stack-table" data-testid="records-table">
                <thead>
                  <tr>
                    <th scope="col">{t.time}</th>
                    <th scope="col">{t.user}</th>
                    <th scope="col">{t.action}</th>
                    <th scope="col">{t.objectType}</th>
                    <th scope="col">{t.object}</th>
                    <th scope="col">{t.summary}</th>
                    <th scope="col">{t.ip}</th>
                    <th scope="col">{t.result}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map(r => (
                    <tr key={r.seq} className={r.result === 'failure' ? 'failed' : undefined}>
                      <td data-label={t.time}>{new Date(r.time).toLocaleString(locale)}</td>
                      <td data-label={t.user}>{r.username || '—'}</td>
                      <td data-label={t.action}>{recordedName(t, 'action', r.action)}</td>
                      <td data-label={t.objectType}>{recordedName(t, 'objectType', r.objectType)}</td>
                      <td data-label={t.object} title={r.objectId ?? ''}>
                        {r.objectName ?? r.objectId ?? '—'}
                      </td>
                      <td className="summary wide" data-label={t.summary}>
                        {r.summaryText ?? r.summary}
                      </td>
                      <td data-label={t.ip}>{r.ip}</td>
                      <td data-label={t.result}>{r.result === 'success' ? t.success : t.failure}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {data.items.length === 0 ? <zx-empty-state /> : null}
            <nav className="pager" aria-label={t.recordsTitle}>
              <span>{t.total({ count: data.total })}</span>
              <button type="button" className="btn small" disabled={(query.page ?? 1) <= 1} onClick={() => setQuery(q => ({ ...q, page: (q.page ?? 1) - 1 }))}>
                {t.previousPage}
              </button>
              <span>{query.page}</span>
              <button
                type="button"
                className="btn small"
                disabled={(query.page ?? 1) * PAGE_SIZE >= data.total}
                onClick={() => setQuery(q => ({ ...q, page: (q.page ?? 1) + 1 }))}>
                {t.nextPage}
              </button>
            </nav>
          </>
        )}
      </LoadGate>
    </div>
  )
}
