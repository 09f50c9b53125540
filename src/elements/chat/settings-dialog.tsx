import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { $common, $chatMessages } from '../../i18n'
import { $activeChat, $chatState, saveChatSettings } from '../../stores/chat'
import { $modelSettings, defaultModelSettings, saveModelSettings, type ModelSettings } from '../../stores/model-settings'
import { showToast } from '../../stores/toasts'
import { Field, Modal } from '../shared/ui'
import { Slider as SharedSlider } from '../shared/slider'
import { styles } from '../shared/styles'

/**
 * System message, temperature and top_p (SPEC §9 defaults 0.8 and 1). Saved
 * on the open chat; temperature and top_p are also kept as the defaults of
 * the next new chat, the system message stays in its chat. With no chat
 * open, the settings are the next new chat's (model-settings.ts).
 */
export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const t = useStore($chatMessages)
  const common = useStore($common)
  const chat = useStore($activeChat)
  const seedOf = (from: typeof chat): ModelSettings =>
    from ? { systemMessage: from.systemMessage, temperature: from.temperature, top_p: from.top_p } : $modelSettings.get()
  const [values, setValues] = useState<ModelSettings>(() => seedOf(chat))
  // The dialog can open before the chat's details have arrived (a slow
  // network, a chat just switched to): once they do, or when another chat
  // opens, the form shows that chat's settings. Seeded only from the
  // defaults, it would show an assistant's chat the wrong instructions and
  // save the defaults over an ordinary chat's own.
  const [seededFrom, setSeededFrom] = useState(chat?.chatNumber)
  if (chat?.chatNumber !== seededFrom) {
    setSeededFrom(chat?.chatNumber)
    setValues(seedOf(chat))
  }
  const [saving, setSaving] = useState(false)
  const set = (patch: Partial<ModelSettings>) => setValues(current => ({ ...current, ...patch }))
  // An assistant's or course's chat follows the teacher's instructions; the server refuses a rewrite.
  const presetChat = Boolean(chat && (chat.assistantId || chat.courseId))
  // A chat is open but its details are still on their way: nothing to edit or save yet.
  const waiting = Boolean(useStore($chatState).active) && !chat

  const save = async () => {
    setSaving(true)
    try {
      if (presetChat && chat) {
        const { systemMessage: _teachers, ...tuning } = values
        await saveChatSettings(chat.chatNumber, tuning)
      } else if (chat) {
        await saveChatSettings(chat.chatNumber, values)
        saveModelSettings({ ...$modelSettings.get(), temperature: values.temperature, top_p: values.top_p })
      } else {
        saveModelSettings(values)
      }
      showToast('success', t.settingsSaved)
      onClose()
    } catch {
      // the catalogue showed why
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal heading={t.settings} onClose={onClose} testId="settings-dialog">
      <Field label={t.systemMessage} hint={presetChat ? t.systemMessageLocked : t.systemMessageHint}>
        <textarea
          className="textarea"
          rows={5}
          maxLength={8000}
          value={values.systemMessage}
          readOnly={presetChat || waiting}
          data-testid="system-message"
          onChange={event => set({ systemMessage: event.target.value })}
        />
      </Field>
      <Slider
        label={t.temperature}
        hint={t.temperatureHint}
        min={0}
        max={2}
        step={0.1}
        value={values.temperature}
        testId="temperature"
        onChange={temperature => set({ temperature })}
      />
      <Slider label={t.topP} hint={t.topPHint} min={0} max={1} step={0.05} value={values.top_p} testId="top-p" onChange={top_p => set({ top_p })} />
      <div className="modal-actions">
        <button
          type="button"
          className="button ghost reset"
          data-testid="reset-settings"
          onClick={() => setValues(presetChat ? { ...defaultModelSettings(), systemMessage: values.systemMessage } : defaultModelSettings())}>
          {t.resetDefaults}
        </button>
        <span className="spacer" />
        <button type="button" className="button" onClick={onClose}>
          {common.cancel}
        </button>
        <button type="button" className="button primary" disabled={saving || waiting} data-testid="save-settings" onClick={() => void save()}>
          {common.save}
        </button>
      </div>
    </Modal>
  )
}

function Slider({
  label,
  hint,
  min,
  max,
  step,
  value,
  testId,
  onChange,
}: {
  label: string
  hint: string
  min: number
  max: number
  step: number
  value: number
  testId: string
  onChange: (value: number) => void
}) {
  return (
    <label className="field">
      <span className="field-label">
        {label}
        <output className="slider-value">{value.toFixed(2).replace(/0$/, '')}</output>
      </span>
      <SharedSlider min={min} max={max} step={step} value={value} data-testid={testId} onChange={event => onChange(Number(event.target.value))} />
      <span className="field-hint">{hint}</span>
    </label>
  )
}

export const settingsDialogCss = `
.slider-value { font-variant-numeric: tabular-nums; font-weight: 600; color: var(--_primary-strong); }
.modal-actions .spacer { flex: 1; }
.modal-actions .reset { padding: 0 8px; color: var(--_text-muted); }
`

SettingsDialog.styles = styles(settingsDialogCss)
