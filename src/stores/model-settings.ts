import { map } from 'nanostores'
import { $chatMessages } from '../i18n'
import { STORAGE_KEYS } from './storage'
import { perUserStored } from './user-scope'
import { DEFAULT_TEMPERATURE, DEFAULT_TOP_P } from '../../shared/model-defaults'

/**
 * SPEC §3/§9 default model settings (key `settingsStorage:<userId>`, no expiry): the
 * system message, temperature and top_p a new chat starts with. The settings
 * dialog edits the active chat and keeps its temperature and top_p here for
 * the next chats; a system message is a chat's own: one set with no chat
 * open goes to the next new chat only (takeSystemMessage).
 */

export interface ModelSettings {
  systemMessage: string
  temperature: number
  top_p: number
}

/** The default system message follows the UI language (it is visible and editable). */
export function defaultModelSettings(): ModelSettings {
  return { systemMessage: $chatMessages.get().defaultSystemMessage, temperature: DEFAULT_TEMPERATURE, top_p: DEFAULT_TOP_P }
}

function inRange(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max
}

/** Stored values may come from another version or another hand: keep what is valid. */
export function sanitizeModelSettings(stored: Partial<ModelSettings> | undefined): ModelSettings {
  const base = defaultModelSettings()
  if (!stored || typeof stored !== 'object') return base
  return {
    systemMessage: typeof stored.systemMessage === 'string' && stored.systemMessage.trim() ? stored.systemMessage : base.systemMessage,
    temperature: inRange(stored.temperature, 0, 2) ? stored.temperature : base.temperature,
    top_p: inRange(stored.top_p, 0, 1) ? stored.top_p : base.top_p,
  }
}

export const $modelSettings = perUserStored(map<ModelSettings>(defaultModelSettings()), {
  name: STORAGE_KEYS.modelSettings,
  read: stored => sanitizeModelSettings(stored as Partial<ModelSettings> | undefined),
  expireSeconds: null,
})

export function saveModelSettings(settings: ModelSettings): void {
  $modelSettings.set(sanitizeModelSettings(settings))
}

export function resetModelSettings(): void {
  $modelSettings.set(defaultModelSettings())
}

/** The system message for a chat being created now; the next one starts from the default again. */
export function takeSystemMessage(): string {
  const { systemMessage } = $modelSettings.get()
  const fallback = defaultModelSettings().systemMessage
  if (systemMessage !== fallback) $modelSettings.setKey('systemMessage', fallback)
  return systemMessage
}
