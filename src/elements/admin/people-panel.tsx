import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import type { ClientType } from '../../api/account'
import { createPerson, listPeople, resetPersonPassword, setPersonDisabled, updatePerson, type Person } from '../../api/admin'
import { errorMessage } from '../shared/error-message'
import { $adminMessages, $common, $locale } from '../../i18n'
import { formatList } from '../shared/format'
import { showToast } from '../../stores/toasts'
import { LoadFailure } from '../shared/load'
import { ConfirmDialog, Field, Modal, ModalActions, FormError } from '../shared/ui'
import { Select } from '../shared/select'
import { RosterImport } from './roster-import'
import { useLoadable } from '../shared/load/use-loadable'

const PAGE_SIZE = 20
const TYPES: ClientType[] = ['1', '2', '3']

type Messages = ReturnType<typeof $adminMessages.get>
const typeLabel = (t: Messages, type: ClientType) => (type === '1' ? t.type1 : type === '2' ? t.type2 : t.type3)

/** People: search, create (one-time password shown once), edit, disable, reset a password, import a roster. */
export function PeoplePanel() {
  const t = useStore($adminMessages)
  const locale = useStore($locale)
  const [keyword, setKeyword] = useState('')
  const [clientType, setClientType] = useState<ClientType | ''>('')
  const [status, setStatus] = useState<'' | 'active' | 'disabled'>('')
  const [page, setPage] = useState(1)
  const [list, listStore] = useLoadable(
    signal => listPeople({ keyword, clientType, status, page, pageSize: PAGE_SIZE }, signal),
    [keyword, clientType, status, page],
    { keep: true },
  )
  const reloadList = () => void listStore.load()
  const [editing, setEditing] = useState<Person | 'new' | null>(null)
  const [confirming, setConfirming] = useState<{ person: Person; kind: 'disable' | 'reset' } | null>(null)
  const [secret, setSecret] = useState<{ username: string; password: string } | null>(null)

  async function confirm() {
    if (!confirming) return
    const { person, kind } = confirming
    setConfirming(null)
    try {
      if (kind === 'disable') await setPersonDisabled(person.id, true)
      else setSecret({ username: person.username, password: (await resetPersonPassword(person.id)).oneTimePassword })
      reloadList()
    } catch {
      /* the client showed the reason */
    }
  }

  async function enable(person: Person) {
    try {
      await setPersonDisabled(person.id, false)
      reloadList()
    } catch {
      /* shown */
    }
  }

  const total = list.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))
  return (
    <div className="panel" data-testid="admin-people">
      <div className="toolbar" part="actions">
        <input
          className="input"
          type="search"
          placeholder={t.search}
          aria-label={t.search}
          value={keyword}
          onChange={e => (setKeyword(e.target.value), setPage(1))}
          data-testid="people-search"
        />
        <Select
          aria-label={t.clientTypes}
          value={clientType}
          onChange={e => (setClientType(e.target.value as ClientType | ''), setPage(1))}
          none={t.allTypes}
          options={TYPES.map(type => ({ value: type, label: typeLabel(t, type) }))}
        />
        <Select
          aria-label={t.status}
          value={status}
          onChange={e => (setStatus(e.target.value as typeof status), setPage(1))}
          none={t.allStatus}
          options={[
            { value: 'active', label: t.active },
            { value: 'disabled', label: t.disabled },
          ]}
        />
        <button type="button" className="button primary" onClick={() => setEditing('new')} data-testid="people-new">
          {t.newPerson}
        </button>
      </div>
      {/* Keyed: Preact matches an unkeyed child with any unkeyed sibling of the same
          type, so the table's <div> took the pager's when the list arrived, and the
          roster import below was mounted afresh, losing an import under way. */}
      {list.error ? (
        <LoadFailure key="list" error={list.error} what={t.tabPeople} onRetry={reloadList} />
      ) : !list.data ? (
        <zx-skeleton key="list" variant="rows" count={5} />
      ) : list.data.items.length === 0 ? (
        <zx-empty-state key="list" message={t.empty} />
      ) : (
        <div key="list" className="table-wrap">
          <table className="stack-table">
            <thead>
              <tr>
                <th>{t.username}</th>
                <th>{t.name}</th>
                <th className="optional">{t.number}</th>
                <th className="optional">{t.email}</th>
                <th>{t.clientTypes}</th>
                <th>{t.classes}</th>
                <th>{t.status}</th>
                <th>{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map(person => (
                <tr key={person.id} data-testid="people-row" data-username={person.username}>
                  <td data-label={t.username}>{person.username}</td>
                  <td data-label={t.name}>{person.name}</td>
                  <td className="optional" data-label={t.number} data-testid="people-number">
                    {person.number}
                  </td>
                  <td className="optional" data-label={t.email}>
                    {person.email}
                  </td>
                  <td data-label={t.clientTypes}>
                    <span className="badges">
                      {person.clientTypes.map(type => (
                        <span key={type} className="badge">
                          {typeLabel(t, type)}
                        </span>
                      ))}
                      {person.admin ? <span className="badge primary">{t.adminRight}</span> : null}
                    </span>
                  </td>
                  <td data-label={t.classes}>
                    {person.classes.length
                      ? formatList(
                          person.classes.map(c => c.name),
                          locale,
                        )
                      : '—'}
                  </td>
                  <td data-label={t.status}>
                    <span className="badges">
                      <span className="badge">{person.disabled ? t.disabled : t.active}</span>
                      {person.mustChangePassword ? <span className="badge">{t.pendingPassword}</span> : null}
                    </span>
                  </td>
                  <td className="wide actions-cell">
                    <span className="actions">
                      <button type="button" className="button ghost" onClick={() => setEditing(person)}>
                        {t.edit}
                      </button>
                      <button type="button" className="button ghost" onClick={() => setConfirming({ person, kind: 'reset' })} data-testid="people-reset">
                        {t.resetPassword}
                      </button>
                      {person.disabled ? (
                        <button type="button" className="button ghost" onClick={() => void enable(person)}>
                          {t.enable}
                        </button>
                      ) : (
                        <button type="button" className="button ghost" onClick={() => setConfirming({ person, kind: 'disable' })} data-testid="people-disable">
                          {t.disable}
                        </button>
                      )}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="pager">
        <span>{t.total({ count: total })}</span>
        <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t.prev}
        </button>
        <span>
          {page} / {pages}
        </span>
        <button type="button" className="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          {t.next}
        </button>
      </div>
      <RosterImport onImported={reloadList} />
      {editing ? (
        <PersonEditor
          person={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={created => {
            setEditing(null)
            if (created) setSecret(created)
            reloadList()
          }}
        />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          heading={confirming.kind === 'disable' ? t.disable : t.resetPassword}
          message={confirming.kind === 'disable' ? t.confirmDisable({ name: confirming.person.name }) : t.confirmReset({ name: confirming.person.name })}
          confirmLabel={confirming.kind === 'disable' ? t.disable : t.resetPassword}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      {secret ? <OneTimePassword username={secret.username} password={secret.password} onClose={() => setSecret(null)} /> : null}
    </div>
  )
}

/** The one-time password, shown once: the manager copies it and hands it over. */
function OneTimePassword({ username, password, onClose }: { username: string; password: string; onClose: () => void }) {
  const t = useStore($adminMessages)
  const [copied, setCopied] = useState(false)
  return (
    <Modal heading={t.oneTimeTitle} onClose={onClose} testId="one-time-password">
      <p className="muted">{t.oneTimeNote({ username })}</p>
      <div className="secret" data-testid="one-time-password-value">
        {password}
      </div>
      <div className="modal-actions">
        <button type="button" className="button" onClick={() => void navigator.clipboard?.writeText(password).then(() => setCopied(true))}>
          {copied ? t.copied : t.copy}
        </button>
        <button type="button" className="button primary" onClick={onClose} data-testid="one-time-password-done">
          {t.done}
        </button>
      </div>
    </Modal>
  )
}

function PersonEditor({
  person,
  onClose,
  onSaved,
}: {
  person: Person | null
  onClose: () => void
  onSaved: (created?: { username: string; password: string }) => void
}) {
  const t = useStore($adminMessages)
  const [username, setUsername] = useState(person?.username ?? '')
  const [name, setName] = useState(person?.name ?? '')
  const [types, setTypes] = useState<ClientType[]>(person?.clientTypes ?? ['3'])
  const [admin, setAdmin] = useState(person?.admin ?? false)
  const [menus, setMenus] = useState(person?.menus ?? '')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError('')
    try {
      if (person) {
        await updatePerson(person.id, { name, clientTypes: types, admin, menus: menus.trim() ? menus.trim() : null })
        showToast('success', t.saved)
        onSaved()
      } else {
        const created = await createPerson({ username, name, clientTypes: types, admin })
        onSaved({ username: created.person.username, password: created.oneTimePassword })
      }
    } catch (failure) {
      setError(errorMessage(failure, $common.get()))
      setBusy(false)
    }
  }

  const toggle = (type: ClientType) => setTypes(types.includes(type) ? types.filter(x => x !== type) : [...types, type])
  return (
    <Modal heading={person ? t.edit : t.newPerson} onClose={onClose} testId="person-editor">
      <form className="modal-body" onSubmit={submit} noValidate>
        {person ? null : (
          <Field label={t.username}>
            <input className="input" name="username" value={username} onChange={e => setUsername(e.target.value)} autoComplete="off" />
          </Field>
        )}
        <Field label={t.name}>
          <input className="input" name="name" value={name} onChange={e => setName(e.target.value)} />
        </Field>
        <fieldset className="checks">
          <legend>{t.clientTypes}</legend>
          {TYPES.map(type => (
            <label key={type}>
              <input type="checkbox" checked={types.includes(type)} onChange={() => toggle(type)} /> {typeLabel(t, type)}
            </label>
          ))}
          <label>
            <input type="checkbox" checked={admin} onChange={e => setAdmin(e.target.checked)} /> {t.adminRight}
          </label>
        </fieldset>
        {person ? (
          <Field label={t.menus} hint={t.menusDefault}>
            <input className="input" name="menus" value={menus} placeholder="13,1,3" onChange={e => setMenus(e.target.value)} />
          </Field>
        ) : null}
        <FormError message={error} />
        <ModalActions onCancel={onClose} disabled={busy} testId="person-save" />
      </form>
    </Modal>
  )
}
