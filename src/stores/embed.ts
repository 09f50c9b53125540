import { atom } from 'nanostores'
import { loadable } from './loadable'
import { createEmbedKey, deleteEmbedKey, listEmbedKeys, rotateEmbedSecret, updateEmbedKey, type EmbedKey, type EmbedKeyInput } from '../api/embed'
import { onUserChange, perUser } from './user-scope'

/**
 * The signed-in teacher's embed keys (<zx-embed-admin>). A key's signing
 * secret is never kept here: it arrives once, in the reply that made it, and
 * only the dialog showing it holds it.
 */

export const $embedKeys = perUser(atom<readonly EmbedKey[]>([]), () => [])
/** Loading the list into `$embedKeys` (which edits change in place); resolves with the keys. */
export const $embedKeysLoad = loadable(async () => {
  const keys = await listEmbedKeys()
  $embedKeys.set(keys)
  return keys
})
onUserChange(() => $embedKeysLoad.reset())

export const loadEmbedKeys = () => $embedKeysLoad.load()

function remember({ secret: _secret, ...key }: EmbedKey): void {
  const list = $embedKeys.get()
  $embedKeys.set(list.some(k => k.key === key.key) ? list.map(k => (k.key === key.key ? key : k)) : [key, ...list])
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
  $embedKeys.set($embedKeys.get().filter(k => k.key !== key))
}

export const newEmbedSecret = (key: string) => rotateEmbedSecret(key).then(r => r.secret)
