import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import type { ClientType } from '../../api/account'
import {
  fetchAllowanceClasses,
  fetchAllowances,
  fetchPersonQuota,
  grantCredits,
  removeAllowance,
  saveAllowance,
  type AllowanceScope,
  type PersonQuota,
} from '../../api/quota'
import { $common, $locale, $quotaMessages } from '../../i18n'
import { failureDetail, useLoadable } from '../shared/load'
import { Field, TablePanel, FormError } from '../shared/ui'
import { Select } from '../shared/select'
import { clientTypeLabel, credits, type QuotaWords } from './labels'

const TYPES: ClientType[] = ['1', '2', '3']

function scopeLabel(t: QuotaWords, scope: AllowanceScope): string {
  return scope === 'user' ? t.scopeUser : scope === 'class' ? t.scopeClass : t.scopeClient
}

/** Monthly allowances per person, class or client type; grants and takes; one person's balance. */
export function AllowancesPanel() {
  const t = useStore($quotaMessages)
  const common = useStore($common)
  const locale = useStore($locale)
  const [list, store] = useLoadable(signal => fetchAllowances({ signal }), [])
  const [classes] = useLoadable(signal => fetchAllowanceClasses({ signal }), [])
  const [scope, setScope] = useState<AllowanceScope>('client')
  const [target, setTarget] = useState('')
  const [amount, setAmount] = useState('')
  const [error, setError] = useState('')

  async function save(event: FormEvent) {
    event.preventDefault()
    const value = Number(amount)
    const targetId = scope === 'client' ? target || '3' : target.trim()
    if (!targetId) return setError(scope === 'user' ? t.targetUser : t.targetClass)
    if (amount.trim() === '' || !Number.isFinite(value) || value < 0) return setError(t.invalidNumber)
    setError('')
    try {
      store.put(await saveAllowance(scope, targetId, value))
      setAmount('')
    } catch (failure) {
      setError(failureDetail(failure, common))
    }
  }

  async function remove(s: AllowanceScope, id: string) {
    try {
      store.put(await removeAllowance(s, id))
    } catch {
      /* shown */
    }
  }

  return (
    <TablePanel
      testId="quota-allowances"
      toolbar={
        <>
          <p className="muted">{t.allowanceHint}</p>
          <form className="card form-row" part="actions" onSubmit={save} noValidate data-testid="allowance-form">
            <Field label={t.scope}>
              <Select
                value={scope}
                onChange={e => (setScope(e.target.value as AllowanceScope), setTarget(''))}
                data-testid="allowance-scope"
                options={[
                  { value: 'client', label: t.scopeClient },
                  { value: 'class', label: t.scopeClass },
                  { value: 'user', label: t.scopeUser },
                ]}
              />
            </Field>
            <Field label={scope === 'user' ? t.targetUser : scope === 'class' ? t.targetClass : t.scopeClient}>
              {scope === 'user' ? (
                <input className="input" value={target} onChange={e => setTarget(e.target.value)} autoComplete="off" data-testid="allowance-target" />
              ) : scope === 'class' ? (
                <Select
                  value={target}
                  onChange={e => setTarget(e.target.value)}
                  data-testid="allowance-target"
                  none="—"
                  options={(classes.data ?? []).map(c => ({ value: c.id, label: c.name }))}
                />
              ) : (
                <Select
                  value={target || '3'}
                  onChange={e => setTarget(e.target.value)}
                  data-testid="allowance-target"
                  options={TYPES.map(type => ({ value: type, label: clientTypeLabel(t, type) }))}
                />
              )}
            </Field>
            <Field label={t.monthly} error={error || undefined}>
              <input className="input" inputMode="decimal" value={amount} onChange={e => setAmount(e.target.value)} data-testid="allowance-credits" />
            </Field>
            <button type="submit" className="button primary" data-testid="allowance-save">
              {t.setAllowance}
            </button>
          </form>
        </>
      }
      state={list}
      what={t.tabAllowances}
      onRetry={() => void store.retry()}
      empty={t.noAllowances}
      columns={[{ label: t.scope }, { label: t.target }, { label: t.monthly }, { label: t.actions }]}
      row={row => (
        <tr key={`${row.scope}:${row.targetId}`} data-testid="allowance-row" data-target={row.targetName}>
          <td>{scopeLabel(t, row.scope)}</td>
          <td>{row.scope === 'client' ? clientTypeLabel(t, row.targetId as ClientType) : row.targetName}</td>
          <td>{credits(row.credits, locale)}</td>
          <td className="actions">
            <button type="button" className="button ghost" onClick={() => void remove(row.scope, row.targetId)}>
              {t.remove}
            </button>
          </td>
        </tr>
      )}>
      <GrantCard />
    </TablePanel>
  )
}

/** Look a person up, then grant (+) or take (−) lasting credits. */
function GrantCard() {
  const t = useStore($quotaMessages)
  const common = useStore($common)
  const locale = useStore($locale)
  const [username, setUsername] = useState('')
  const [amount, setAmount] = useState('')
  const [note, setNote] = useState('')
  const [person, setPerson] = useState<PersonQuota | null>(null)
  const [error, setError] = useState('')

  async function lookUp() {
    if (!username.trim()) return setError(t.targetUser)
    setError('')
    try {
      setPerson(await fetchPersonQuota(username.trim()))
    } catch (failure) {
      setPerson(null)
      setError(failureDetail(failure, common))
    }
  }

  async function grant(event: FormEvent) {
    event.preventDefault()
    const value = Number(amount)
    if (!username.trim()) return setError(t.targetUser)
    if (!Number.isFinite(value) || value === 0) return setError(t.invalidNumber)
    setError('')
    try {
      setPerson(await grantCredits(username.trim(), value, note))
      setAmount('')
      setNote('')
    } catch (failure) {
      setError(failureDetail(failure, common))
    }
  }

  const n = (v: number) => credits(v, locale)
  return (
    <form className="card" onSubmit={grant} noValidate data-testid="grant-form">
      <h3>{t.grantTitle}</h3>
      <div className="form-row">
        <Field label={t.person}>
          <span className="row">
            <input className="input" value={username} onChange={e => setUsername(e.target.value)} autoComplete="off" data-testid="grant-user" />
            <button type="button" className="button" onClick={() => void lookUp()} data-testid="grant-lookup">
              {t.lookUp}
            </button>
          </span>
        </Field>
        <Field label={t.grantAmount}>
          <input className="input" inputMode="decimal" value={amount} onChange={e => setAmount(e.target.value)} data-testid="grant-credits" />
        </Field>
        <Field label={t.note}>
          <input className="input" value={note} maxLength={200} onChange={e => setNote(e.target.value)} />
        </Field>
        <button type="submit" className="button primary" data-testid="grant-submit">
          {t.grant}
        </button>
      </div>
      <FormError message={error} />
      {person ? (
        <p className="muted" data-testid="grant-person">
          {t.personLine({ name: person.name || person.username || username, balance: n(person.balance), extra: n(person.extra) })}
          {' · '}
          {person.limited && person.allowance !== null ? t.personAllowance({ allowance: person.allowance, left: person.allowanceLeft }) : t.personUnlimited}
        </p>
      ) : null}
    </form>
  )
}
