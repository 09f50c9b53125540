import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import type { ClientType } from '../../api/account'
import {
  saveIdentityProvider,
  type IdentityProviderInput,
  type IdentityProviderView,
  type LinkBy,
  type MappingRules,
  type ProviderSettings,
  type SignonKind,
} from '../../api/signon'
import { $common, $signonMessages } from '../../i18n'
import { errorMessage } from '../shared/error-message'
import { Select } from '../shared/select'
import { Field, FieldSet, FormError, Modal, ModalActions } from '../shared/ui'
import { SignonTry } from './signon-try'

type Messages = ReturnType<typeof $signonMessages.get>

const KINDS: SignonKind[] = ['oidc', 'cas', 'ldap']
const TYPES: ClientType[] = ['1', '2', '3']

export function kindLabel(t: Messages, kind: SignonKind): string {
  return kind === 'oidc' ? t.kindOidc : kind === 'cas' ? t.kindCas : t.kindLdap
}

export function typeLabel(t: Messages, type: ClientType): string {
  return type === '1' ? t.type1 : type === '2' ? t.type2 : t.type3
}

/** What each protocol usually calls its claims (CAS gives the user beside the attributes, as `user`). */
function defaultRules(kind: SignonKind): MappingRules {
  const common = { roleMap: {}, numberClaim: '', classClaim: '', majorClaim: '', activeClaim: '', linkBy: 'none' as LinkBy }
  if (kind === 'cas') return { ...common, roleClaim: 'groups', usernameClaim: 'user', nameClaim: 'name', emailClaim: 'mail' }
  if (kind === 'ldap') return { ...common, roleClaim: 'memberOf', usernameClaim: 'uid', nameClaim: 'cn', emailClaim: 'mail' }
  return { ...common, roleClaim: 'groups', usernameClaim: 'preferred_username', nameClaim: 'name', emailClaim: 'email' }
}

function defaultSettings(kind: SignonKind): ProviderSettings {
  if (kind === 'ldap') return { issuer: '', clientId: '', scopes: '', baseDn: '', bindDn: '', userAttribute: 'uid' }
  return { issuer: '', clientId: '', scopes: kind === 'oidc' ? 'profile email' : '' }
}

interface RoleRow {
  value: string
  type: ClientType
}

const rowsOf = (map: Record<string, ClientType>): RoleRow[] => Object.entries(map).map(([value, type]) => ({ value, type }))
const mapOf = (rows: RoleRow[]): Record<string, ClientType> => Object.fromEntries(rows.filter(row => row.value.trim()).map(row => [row.value.trim(), row.type]))

/** Adds or edits one identity provider: its connection, its mapping rules (with "try it") and the password switch. */
export function SignonEditor({ provider, onClose, onSaved }: { provider: IdentityProviderView | null; onClose: () => void; onSaved: () => void }) {
  const t = useStore($signonMessages)
  const [kind, setKind] = useState<SignonKind>(provider?.kind ?? 'oidc')
  const [name, setName] = useState(provider?.name ?? '')
  const [settings, setSettings] = useState<ProviderSettings>(provider?.settings ?? defaultSettings('oidc'))
  const [rules, setRules] = useState<MappingRules>(provider ? { ...defaultRules(provider.kind), ...provider.rules } : defaultRules('oidc'))
  const [roles, setRoles] = useState<RoleRow[]>(rowsOf(provider?.rules.roleMap ?? {}))
  // Write-only: never filled from the server; empty keeps the stored secret.
  const [secret, setSecret] = useState('')
  const [enabled, setEnabled] = useState(provider?.enabled ?? true)
  const [passwordSignIn, setPasswordSignIn] = useState(provider?.passwordSignIn ?? true)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const currentRules: MappingRules = { ...rules, roleMap: mapOf(roles) }

  function chooseKind(next: SignonKind) {
    setKind(next)
    setSettings(defaultSettings(next))
    setRules({ ...defaultRules(next), roleMap: rules.roleMap })
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError('')
    const input: IdentityProviderInput = { kind, name: name.trim(), enabled, settings, rules: currentRules, passwordSignIn, ...(secret ? { secret } : {}) }
    try {
      await saveIdentityProvider(provider?.id ?? null, input)
      onSaved()
    } catch (failure) {
      setError(errorMessage(failure, $common.get()))
      setBusy(false)
    }
  }

  const setting = (key: keyof ProviderSettings, label: string, options: { hint?: string; placeholder?: string } = {}) => (
    <Field label={label} hint={options.hint}>
      <input
        className="input"
        name={key}
        value={settings[key] ?? ''}
        placeholder={options.placeholder}
        onChange={e => setSettings({ ...settings, [key]: e.target.value })}
        autoComplete="off"
      />
    </Field>
  )
  const claim = (key: Exclude<keyof MappingRules, 'roleMap' | 'linkBy'>, label: string, hint?: string) => (
    <Field label={label} hint={hint}>
      <input className="input" name={key} value={rules[key]} onChange={e => setRules({ ...rules, [key]: e.target.value })} autoComplete="off" />
    </Field>
  )
  const secretField = (label: string) => (
    <Field label={label} hint={provider?.hasSecret ? t.secretKeep : t.secretNone}>
      <input className="input" type="password" name="secret" autoComplete="new-password" value={secret} onChange={e => setSecret(e.target.value)} />
    </Field>
  )
  const callback = provider && kind !== 'ldap' ? `${location.origin}/new-chat/app/api/oauth/${provider.id}/callback` : ''

  return (
    <Modal heading={provider ? `${t.edit} ${provider.name}` : t.add} onClose={onClose} testId="signon-editor" wide>
      <form className="modal-body" onSubmit={submit} noValidate>
        <Field label={t.kind}>
          <Select
            name="kind"
            value={kind}
            disabled={provider !== null}
            onChange={e => chooseKind(e.target.value as SignonKind)}
            options={KINDS.map(k => ({ value: k, label: kindLabel(t, k) }))}
          />
        </Field>
        <Field label={t.buttonName}>
          <input className="input" name="name" value={name} maxLength={40} onChange={e => setName(e.target.value)} />
        </Field>
        {setting('issuer', kind === 'oidc' ? t.issuer : kind === 'cas' ? t.casUrl : t.ldapUrl, {
          hint: t.addressHint,
          placeholder: kind === 'oidc' ? 'https://sso.school.edu.cn' : kind === 'cas' ? 'https://cas.school.edu.cn/cas' : 'ldaps://ldap.school.edu.cn',
        })}
        {kind === 'oidc' ? (
          <>
            {setting('clientId', t.clientId)}
            {secretField(t.clientSecret)}
            {setting('scopes', t.scopes)}
          </>
        ) : null}
        {kind === 'ldap' ? (
          <>
            {setting('baseDn', t.baseDn, { placeholder: 'ou=people,dc=school,dc=edu,dc=cn' })}
            {setting('bindDn', t.bindDn)}
            {secretField(t.bindPassword)}
            {setting('userAttribute', t.userAttribute)}
          </>
        ) : null}
        {callback ? <p className="muted">{t.callback({ url: callback })}</p> : null}

        <h3>{t.rulesTitle}</h3>
        {claim('roleClaim', t.roleClaim)}
        <FieldSet legend={t.roleMapTitle}>
          {roles.map((row, index) => (
            <div className="row" key={index} data-testid="signon-role">
              <input
                className="input"
                aria-label={t.roleValue}
                placeholder={t.roleValue}
                value={row.value}
                onChange={e => setRoles(roles.map((r, i) => (i === index ? { ...r, value: e.target.value } : r)))}
              />
              <Select
                aria-label={t.roleType}
                value={row.type}
                onChange={e => setRoles(roles.map((r, i) => (i === index ? { ...r, type: e.target.value as ClientType } : r)))}
                options={TYPES.map(type => ({ value: type, label: typeLabel(t, type) }))}
              />
              <button type="button" className="button small" onClick={() => setRoles(roles.filter((_, i) => i !== index))}>
                {t.removeRole}
              </button>
            </div>
          ))}
          <div className="row">
            <button type="button" className="button small" onClick={() => setRoles([...roles, { value: '', type: '3' }])} data-testid="signon-add-role">
              {t.addRole}
            </button>
          </div>
        </FieldSet>
        <div className="grid-2">
          {claim('usernameClaim', t.usernameClaim)}
          {claim('nameClaim', t.nameClaim)}
          {claim('emailClaim', t.emailClaim)}
          {claim('numberClaim', t.numberClaim)}
          {claim('classClaim', t.classClaim, t.classHint)}
          {claim('majorClaim', t.majorClaim, t.majorHint)}
          {claim('activeClaim', t.activeClaim, t.activeHint)}
        </div>
        <Field label={t.linkBy}>
          <Select
            name="linkBy"
            value={rules.linkBy}
            onChange={e => setRules({ ...rules, linkBy: e.target.value as LinkBy })}
            options={[
              { value: 'none', label: t.linkNone },
              { value: 'username', label: t.linkUsername },
              { value: 'number', label: t.linkNumber },
              { value: 'email', label: t.linkEmail },
            ]}
          />
        </Field>
        <div className="checks">
          <label>
            <input type="checkbox" name="enabled" checked={enabled} onChange={e => setEnabled(e.target.checked)} /> {t.enabledField}
          </label>
          <label>
            <input type="checkbox" name="passwordSignIn" checked={passwordSignIn} onChange={e => setPasswordSignIn(e.target.checked)} /> {t.passwordSignIn}
          </label>
        </div>
        <p className="muted">{t.passwordSignInHint}</p>
        <SignonTry kind={kind} rules={currentRules} />
        <FormError message={error} testId="signon-error" />
        <ModalActions onCancel={onClose} disabled={busy} confirmLabel={t.save} testId="signon-save" />
      </form>
    </Modal>
  )
}
