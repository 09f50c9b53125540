import { atom } from 'nanostores'
import { createEmbedKey, deleteEmbedKey, listEmbedKeys, rotateEmbedSecret, updateEmbedKey, type EmbedKey, type EmbedKeyInput } from '../api/embed'
import { perUser } from './user-scope'

/**
 * The signed-in teacher's embed keys (<zx-embed-admin>). A key's signing
 * secret is never kept here: it arrives once, in the reply that made it, and
 * only the dialog showing it holds it.
 */

export const $embedKeys = perUser(atom<readonly EmbedKey[]>([]), () => [])
export const $embedKeysStatus = perUser(atom<'idle' | 'loading' | 'ready' | 'error'>('idle'), () => 'idle' as const)

export async function loadEmbedKeys(): Promise<void> {
  $embedKeysStatus.set('loading')
  try {
    $embedKeys.set(await listEmbedKeys())
    $embedKeysStatus.set('ready')
  } catch (error) {
    $embedKeysStatus.set('error')
    throw error
  }
}

function remember({ secret: _secret, ...key }: EmbedKey): void {
  const list = $embedKeys.get()
  $embedKeys.set(list.some((k) => k.key === key.key) ? list.map((k) => (k.key === key.key ? key : k)) : [key, ...list])
}

/** Saves (creates when `key` is absent); resolves with the saved key, its secret included when one was just made. */
export async function saveEmbedKey(input: EmbedKeyInput, key?: string): Promise<EmbedKey> {
  const saved = key ? await updateEmbedKey(key, input) : await createEmbedKey(input)
  remember(saved)
  return saved
}

export async function setEmbedKeyEnabled(key: string, enabled: boolean): Promise<void> {
  remember(await updateEmbedKey(key, { enabled }))
}

export async function removeEmbedKey(key: string): Promise<void> {
  await deleteEmbedKey(key)
  $embedKeys.set($embedKeys.get().filter((k) => k.key !== key))
}

export const newEmbedSecret = (key: string) => rotateEmbedSecret(key).then((r) => r.secret)
