import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { fetchUsage, type UsageGrouping } from '../../api/quota'
import { $locale, $quotaMessages } from '../../i18n'
import { LoadGate, useLoadable } from '../shared/load'
import { credits } from './labels'

/** Use per person, class or model (all time): credits charged, calls, tokens. */
export function UsagePanel() {
  const t = useStore($quotaMessages)
  const locale = useStore($locale)
  const [by, setBy] = useState<UsageGrouping>('person')
  const [state, store] = useLoadable(signal => fetchUsage(by, { signal }), [by])
  const groupings: Array<[UsageGrouping, string]> = [
    ['person', t.byPerson],
    ['class', t.byClass],
    ['model', t.byModel],
  ]
  return (
    <div className="panel" data-testid="quota-usage">
      <div className="segmented" role="group">
        {groupings.map(([key, label]) => (
          <button
            key={key}
            type="button"
            className={key === by ? 'button primary' : 'button'}
            aria-pressed={key === by}
            onClick={() => setBy(key)}
            data-testid={`usage-by-${key}`}>
            {label}
          </button>
        ))}
      </div>
      <LoadGate state={state} what={t.tabUsage} onRetry={() => void store.retry()}>
        {rows =>
          rows.length === 0 ? (
            <zx-empty-state message={t.usageEmpty} />
          ) : (
            <div className="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th>{by === 'person' ? t.person : by === 'class' ? t.targetClass : t.model}</th>
                    <th>{t.cost}</th>
                    <th>{t.uses}</th>
                    <th className="optional">{t.promptTokens}</th>
                    <th className="optional">{t.completionTokens}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map(row => (
                    <tr key={row.key} data-testid="usage-row" data-name={row.name}>
                      <td>{row.name}</td>
                      <td>{credits(row.cost, locale)}</td>
                      <td>{row.uses}</td>
                      <td className="optional">{row.promptTokens.toLocaleString(locale)}</td>
                      <td className="optional">{row.completionTokens.toLocaleString(locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </LoadGate>
    </div>
  )
}
