/**
 * Browser storage with the expiry rule of SPEC §3: every entry is stored as
 * `{data, expire}`, where `expire` is a millisecond timestamp or `null` (never).
 * Storage can be missing, full, disabled or hold foreign junk; none of that may
 * break the app, so every access is guarded and a bad entry reads as absent.
 */

export const DEFAULT_EXPIRE_SECONDS = 604800

/**
 * Key names of SPEC §3, shared by every store that persists. `token`,
 * `appSetting` (theme, language: the device's) and `user` are stored as they
 * are; the others belong to a person and are stored as `<name>:<userId>`
 * (./user-scope).
 */
export const STORAGE_KEYS = {
  token: 'token',
  /** Id of the person signed in, whose keys the stores read at start-up. */
  user: 'userId',
  clientType: 'clientType',
  appSetting: 'appSetting',
  chat: 'chatStorage',
  prompts: 'promptStore',
  modelSettings: 'settingsStorage',
  unfinishedUploads: 'zxUnfinishedUploads',
} as const

interface StoredEntry<T> {
  data: T
  expire: number | null
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined // access itself throws when storage is disabled
  }
}

/** `expireSeconds: null` stores an entry that never expires (settings). */
export function writeStored<T>(key: string, data: T, expireSeconds: number | null = DEFAULT_EXPIRE_SECONDS): void {
  const entry: StoredEntry<T> = {
    data,
    expire: expireSeconds === null ? null : Date.now() + expireSeconds * 1000,
  }
  try {
    storage()?.setItem(key, JSON.stringify(entry))
  } catch {
    // Quota exceeded or private mode: the value still lives in memory.
  }
}

export function readStored<T>(key: string): T | undefined {
  let raw: string | null | undefined
  try {
    raw = storage()?.getItem(key)
  } catch {
    return undefined
  }
  if (raw == null) return undefined
  try {
    const entry = JSON.parse(raw) as StoredEntry<T>
    if (!entry || typeof entry !== 'object' || !('data' in entry)) throw new Error('not an entry')
    if (entry.expire !== null && !(typeof entry.expire === 'number' && entry.expire > Date.now())) {
      removeStored(key)
      return undefined
    }
    return entry.data
  } catch {
    removeStored(key) // corrupt: drop it so it is not parsed again
    return undefined
  }
}

export function removeStored(key: string): void {
  try {
    storage()?.removeItem(key)
  } catch {
    // nothing to clean up when storage is unavailable
  }
}
