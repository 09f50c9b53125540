import { useStore } from '@nanostores/react'
import { useEffect, useState, type FormEvent } from 'react'
import { listAllAssistants, type AssistantCard } from '../../api/assistants'
import type { EmbedKey, EmbedKeyInput, EmbedLimits, VisitorMode } from '../../api/embed'
import { ApiError } from '../../api/errors'
import { $embedMessages } from '../../i18n'
import { saveEmbedKey } from '../../stores/embed'
import { Field, Modal, ModalActions, FormError } from '../shared/ui'
import { Select } from '../shared/select'

const DEFAULT_LIMITS: EmbedLimits = { visitorDailyMessages: 50, visitorDailyTokens: 0, dailyMessages: 2000, dailyTokens: 0 }
const LIMIT_FIELDS: Array<keyof EmbedLimits> = ['visitorDailyMessages', 'visitorDailyTokens', 'dailyMessages', 'dailyTokens']
const VISITOR_MODES: VisitorMode[] = ['anonymous', 'signed', 'any']

function draftOf(key: EmbedKey | null): EmbedKeyInput & { originsText: string } {
  return {
    name: key?.name ?? '',
    assistantId: key?.assistantId ?? '',
    origins: key?.origins ?? [],
    originsText: (key?.origins ?? []).join('\n'),
    hostedPages: key?.hostedPages ?? true,
    visitors: key?.visitors ?? 'anonymous',
    limits: key?.limits ?? DEFAULT_LIMITS,
    enabled: key?.enabled ?? true,
  }
}

/** Makes or edits a key; the server checks everything (origins, the assistant, limits) and its refusal is shown here. */
export function KeyEditor({ item, onClose, onSaved }: { item: EmbedKey | null; onClose(): void; onSaved(saved: EmbedKey, created: boolean): void }) {
  const t = useStore($embedMessages)
  const [draft, setDraft] = useState(() => draftOf(item))
  const [assistants, setAssistants] = useState<AssistantCard[]>([])
  const [error, setError] = useState('')
  const [saving, setSaving] = useState(false)
  useEffect(() => {
    listAllAssistants().then(
      cards => setAssistants(cards.filter(c => c.kind !== 'form')),
      () => {},
    )
  }, [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSaving(true)
    setError('')
    const { originsText, ...input } = draft
    try {
      const saved = await saveEmbedKey({ ...input, origins: originsText.split(/\s+/).filter(Boolean) }, item?.key)
      onSaved(saved, !item)
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught))
    } finally {
      setSaving(false)
    }
  }
  const set = <K extends keyof typeof draft>(name: K, value: (typeof draft)[K]) => setDraft(d => ({ ...d, [name]: value }))

  return (
    <Modal heading={item ? t.editTitle : t.createTitle} onClose={onClose} testId="embed-key-editor" wide>
      <form className="key-form" onSubmit={submit}>
        <Field label={t.name}>
          <input
            className="input"
            name="name"
            required
            maxLength={60}
            placeholder={t.namePlaceholder}
            value={draft.name}
            onChange={e => set('name', e.target.value)}
          />
        </Field>
        <Field label={t.assistant}>
          <Select
            name="assistantId"
            required
            value={draft.assistantId}
            onChange={e => set('assistantId', e.target.value)}
            none={t.pickAssistant}
            options={assistants.map(a => ({ value: a.id, label: a.title }))}
          />
        </Field>
        <Field label={t.origins} hint={t.originsHint}>
          <textarea
            className="textarea mono"
            name="origins"
            rows={3}
            value={draft.originsText}
            onChange={e => set('originsText', e.target.value)}
            placeholder="https://www.school.edu.cn"
          />
        </Field>
        <label className="check">
          <input type="checkbox" name="hostedPages" checked={draft.hostedPages} onChange={e => set('hostedPages', e.target.checked)} />
          {t.hostedPages}
        </label>
        <fieldset className="field">
          <legend className="field-label">{t.visitors}</legend>
          {VISITOR_MODES.map(mode => (
            <label key={mode} className="check">
              <input type="radio" name="visitors" value={mode} checked={draft.visitors === mode} onChange={() => set('visitors', mode)} />
              {mode === 'anonymous' ? t.visitorsAnonymous : mode === 'signed' ? t.visitorsSigned : t.visitorsAny}
            </label>
          ))}
        </fieldset>
        <fieldset className="field">
          <legend className="field-label">
            {t.limits} <span className="field-hint">{t.limitsHint}</span>
          </legend>
          <div className="limits">
            {LIMIT_FIELDS.map(name => (
              <label key={name} className="field">
                <span>{t[name]}</span>
                <input
                  className="input"
                  type="number"
                  min={0}
                  step={1}
                  name={name}
                  value={draft.limits[name]}
                  onChange={e => set('limits', { ...draft.limits, [name]: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
                />
              </label>
            ))}
          </div>
        </fieldset>
        <label className="check">
          <input type="checkbox" name="enabled" checked={draft.enabled} onChange={e => set('enabled', e.target.checked)} />
          {t.enabled}
        </label>
        <FormError message={error} />
        <ModalActions onCancel={onClose} disabled={saving} testId="embed-key-save" />
      </form>
    </Modal>
  )
}
