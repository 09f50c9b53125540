import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { fetchPrices, removePrice, savePrice, type ModelPrice, type PriceList } from '../../api/quota'
import { $common, $locale, $quotaMessages } from '../../i18n'
import { failureDetail, LoadGate, useLoadable } from '../shared/load'
import { Field, Modal, ModalActions, FormError } from '../shared/ui'
import { credits } from './labels'

const FIELDS = ['inputPer1k', 'outputPer1k', 'perImage', 'perSecond'] as const

/** Credits per model: every model the school offers, its own price or the fallback; `*` sets the fallback. */
export function PricesPanel() {
  const t = useStore($quotaMessages)
  const locale = useStore($locale)
  const [state, store] = useLoadable(signal => fetchPrices({ signal }), [])
  const [editing, setEditing] = useState<ModelPrice | null>(null)

  const rows = (list: PriceList) => {
    const own = new Map(list.prices.map(p => [p.model, p]))
    const star = own.get('*')
    const fallback = star ?? { model: '*', ...list.fallback }
    return [
      ...list.models.map(m => ({ model: m.name, builtin: m.builtin, price: own.get(m.name), shown: own.get(m.name) ?? fallback })),
      { model: '*', builtin: false, price: star, shown: fallback },
    ]
  }

  async function remove(model: string) {
    try {
      await removePrice(model)
      void store.load()
    } catch {
      /* shown */
    }
  }

  return (
    <div className="panel" data-testid="quota-prices">
      <LoadGate state={state} what={t.tabPrices} onRetry={() => void store.retry()}>
        {list => (
          <>
            <p className="muted">
              {t.fallbackHint({
                input: list.fallback.inputPer1k,
                output: list.fallback.outputPer1k,
                image: list.fallback.perImage,
                second: list.fallback.perSecond,
              })}
            </p>
            <div className="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th>{t.model}</th>
                    <th>{t.inputPer1k}</th>
                    <th>{t.outputPer1k}</th>
                    <th className="optional">{t.perImage}</th>
                    <th className="optional">{t.perSecond}</th>
                    <th>{t.actions}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows(list).map(row => (
                    <tr key={row.model} data-testid="price-row" data-model={row.model} data-own={row.price ? 'true' : undefined}>
                      <td>{row.model === '*' ? t.otherModels : row.model}</td>
                      {row.builtin ? (
                        <td colSpan={4}>{t.builtinFree}</td>
                      ) : (
                        FIELDS.map((f, i) => (
                          <td key={f} className={i > 1 ? 'optional' : row.price ? undefined : 'muted'}>
                            {credits(row.shown[f], locale)}
                          </td>
                        ))
                      )}
                      <td className="actions">
                        {row.builtin ? null : (
                          <button
                            type="button"
                            className="button ghost"
                            onClick={() => setEditing({ ...row.shown, model: row.model })}
                            data-testid="price-edit">
                            {t.setPrice}
                          </button>
                        )}
                        {row.price && row.model !== '*' ? (
                          <button type="button" className="button ghost" onClick={() => void remove(row.model)}>
                            {t.remove}
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </LoadGate>
      {editing ? <PriceDialog price={editing} onClose={() => setEditing(null)} onSaved={() => (setEditing(null), void store.load())} /> : null}
    </div>
  )
}

function PriceDialog({ price, onClose, onSaved }: { price: ModelPrice; onClose: () => void; onSaved: () => void }) {
  const t = useStore($quotaMessages)
  const common = useStore($common)
  const [values, setValues] = useState<Record<(typeof FIELDS)[number], string>>({
    inputPer1k: String(price.inputPer1k),
    outputPer1k: String(price.outputPer1k),
    perImage: String(price.perImage),
    perSecond: String(price.perSecond),
  })
  const [error, setError] = useState('')
  const labels = { inputPer1k: t.inputPer1k, outputPer1k: t.outputPer1k, perImage: t.perImage, perSecond: t.perSecond }

  async function save(event: FormEvent) {
    event.preventDefault()
    const numbers = Object.fromEntries(FIELDS.map(f => [f, Number(values[f])])) as Record<(typeof FIELDS)[number], number>
    if (FIELDS.some(f => values[f].trim() === '' || !Number.isFinite(numbers[f]) || numbers[f] < 0)) return setError(t.invalidNumber)
    try {
      await savePrice({ model: price.model, ...numbers })
      onSaved()
    } catch (failure) {
      setError(failureDetail(failure, common))
    }
  }

  return (
    <Modal heading={`${t.setPrice} · ${price.model === '*' ? t.otherModels : price.model}`} onClose={onClose} testId="price-dialog">
      <form className="modal-body" onSubmit={save} noValidate>
        {FIELDS.map(f => (
          <Field key={f} label={labels[f]}>
            <input
              className="input"
              inputMode="decimal"
              value={values[f]}
              onChange={e => setValues({ ...values, [f]: e.target.value })}
              data-testid={`price-${f}`}
            />
          </Field>
        ))}
        <FormError message={error} />
        <ModalActions onCancel={onClose} testId="price-save" />
      </form>
    </Modal>
  )
}
