import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import type { ClientType } from '../../api/account'
import { fetchAllPackages, savePackage, type PackageInput, type QuotaPackage } from '../../api/quota'
import { $common, $locale, $quotaMessages } from '../../i18n'
import { formatList } from '../shared/format'
import { failureDetail, useLoadable } from '../shared/load'
import { Field, FieldSet, Modal, ModalActions, TablePanel, FormError } from '../shared/ui'
import { clientTypeLabel, credits, yuan } from './labels'

const TYPES: ClientType[] = ['1', '2', '3']

/** Packages people may buy: name, credits, price, who may buy, on or off sale. */
export function PackagesPanel() {
  const t = useStore($quotaMessages)
  const locale = useStore($locale)
  const [state, store] = useLoadable(signal => fetchAllPackages({ signal }), [])
  const [editing, setEditing] = useState<QuotaPackage | 'new' | null>(null)

  async function toggle(p: QuotaPackage) {
    try {
      const { id, ...input } = p
      await savePackage(id, { ...input, active: !p.active })
      void store.load()
    } catch {
      /* shown */
    }
  }

  return (
    <TablePanel
      testId="quota-packages"
      toolbar={
        <div className="toolbar" part="actions">
          <button type="button" className="button primary" onClick={() => setEditing('new')} data-testid="package-new">
            {t.newPackage}
          </button>
        </div>
      }
      state={state}
      what={t.tabPackages}
      onRetry={() => void store.retry()}
      empty={t.packagesEmpty}
      columns={[{ label: t.packageName }, { label: t.packageCredits }, { label: t.packagePrice }, { label: t.whoMayBuy, optional: true }, { label: t.actions }]}
      row={p => (
        <tr key={p.id} data-testid="package-row" data-name={p.name}>
          <td>
            {p.name} {p.active ? null : <span className="badge">{t.offSale}</span>}
          </td>
          <td>{credits(p.credits, locale)}</td>
          <td>¥{yuan(p.price)}</td>
          <td className="optional">
            {formatList(
              p.clientTypes.map(c => clientTypeLabel(t, c)),
              locale,
            )}
          </td>
          <td className="actions">
            <button type="button" className="button ghost" onClick={() => setEditing(p)}>
              {t.edit}
            </button>
            <button type="button" className="button ghost" onClick={() => void toggle(p)} data-testid="package-toggle">
              {p.active ? t.offSale : t.onSale}
            </button>
          </td>
        </tr>
      )}>
      {editing ? (
        <PackageDialog pkg={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => (setEditing(null), void store.load())} />
      ) : null}
    </TablePanel>
  )
}

function PackageDialog({ pkg, onClose, onSaved }: { pkg: QuotaPackage | null; onClose: () => void; onSaved: () => void }) {
  const t = useStore($quotaMessages)
  const common = useStore($common)
  const [name, setName] = useState(pkg?.name ?? '')
  const [amount, setAmount] = useState(pkg ? String(pkg.credits) : '')
  const [price, setPrice] = useState(pkg ? yuan(pkg.price) : '')
  const [types, setTypes] = useState<ClientType[]>(pkg?.clientTypes ?? ['1', '3'])
  const [active, setActive] = useState(pkg?.active ?? true)
  const [error, setError] = useState('')

  async function save(event: FormEvent) {
    event.preventDefault()
    const input: PackageInput = { name: name.trim(), credits: Number(amount), price: Number(price), clientTypes: types, active }
    if (!input.name || !(input.credits > 0) || !(input.price >= 0.01) || !types.length) return setError(t.invalidNumber)
    try {
      await savePackage(pkg?.id ?? null, input)
      onSaved()
    } catch (failure) {
      setError(failureDetail(failure, common))
    }
  }

  return (
    <Modal heading={pkg ? t.editPackage : t.newPackage} onClose={onClose} testId="package-dialog">
      <form className="modal-body" onSubmit={save} noValidate>
        <Field label={t.packageName}>
          <input className="input" value={name} maxLength={60} onChange={e => setName(e.target.value)} data-testid="package-name" />
        </Field>
        <Field label={t.packageCredits}>
          <input className="input" inputMode="decimal" value={amount} onChange={e => setAmount(e.target.value)} data-testid="package-credits" />
        </Field>
        <Field label={t.packagePrice}>
          <input className="input" inputMode="decimal" value={price} onChange={e => setPrice(e.target.value)} data-testid="package-price" />
        </Field>
        <FieldSet legend={t.whoMayBuy}>
          <div className="checks">
            {TYPES.map(type => (
              <label key={type}>
                <input
                  type="checkbox"
                  checked={types.includes(type)}
                  onChange={e => setTypes(e.target.checked ? [...types, type].sort() : types.filter(x => x !== type))}
                  data-testid={`package-type-${type}`}
                />
                {clientTypeLabel(t, type)}
              </label>
            ))}
          </div>
        </FieldSet>
        <label className="checks">
          <input type="checkbox" checked={active} onChange={e => setActive(e.target.checked)} />
          {t.onSale}
        </label>
        <FormError message={error} />
        <ModalActions onCancel={onClose} testId="package-save" />
      </form>
    </Modal>
  )
}
