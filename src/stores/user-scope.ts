import { atom, type StoreValue, type WritableStore } from 'nanostores'
import { readStored, removeStored, STORAGE_KEYS, writeStored } from './storage'
import { $token } from './token'

/**
 * Everything in this browser that belongs to the person signed in, in one
 * registry. Classroom computers are shared: what a person keeps in this
 * browser (prompts, chat picks, model settings, unfinished uploads, unsaved
 * answers) is saved under a key with their user id, and whenever the token
 * goes or changes — the sign-out button, a 401, a client switch, visiting
 * /login, a sign-out or sign-in in another tab, an expired token found at
 * start-up — `endSession` below empties every registered store and deletes
 * every key of the person. It is the one way a session ends: the token's own
 * listener runs it, so no way of ending one can forget a key (visiting
 * /login and a 401 used to keep `chatStorage:<id>` and `promptStore:<id>`).
 *
 * A store joins with `perUser` (memory only), `perUserStored` (kept under
 * `<name>:<userId>`) or `onUserChange` (other module state, e.g. requests in
 * flight or a loaded-once flag).
 */

/** Id of the person whose data the stores hold ('' while nobody is signed in). */
export const $userId = atom<string>('')

interface Member {
  /** Back to the state of nobody signed in. */
  reset(): void
  /** Reads what `userId` kept in this browser. */
  load?(userId: string): void
  /** Deletes what `userId` kept in this browser. */
  wipe?(userId: string): void
}

const members: Member[] = []

/** The storage key of a person's entry, e.g. `promptStore:42`. */
export function userStorageKey(name: string, userId = $userId.get()): string {
  return `${name}:${userId}`
}

/**
 * Runs `reset` whenever the person changes or signs out, then `load` for the
 * next person. `storedAs` names an entry kept as `<storedAs>:<userId>` by the
 * caller itself, deleted at sign-out.
 */
export function onUserChange(reset: () => void, options: { storedAs?: string; load?: (userId: string) => void } = {}): void {
  const { storedAs, load } = options
  members.push({ reset, load, wipe: storedAs ? userId => removeStored(userStorageKey(storedAs, userId)) : undefined })
}

/** An in-memory store of the person signed in, set back to `initial()` when they change. */
export function perUser<S extends WritableStore>(store: S, initial: () => StoreValue<S>): S {
  onUserChange(() => store.set(initial()))
  return store
}

export interface StoredOptions<T> {
  /** Storage name; the key is `<name>:<userId>`. */
  name: string
  /** The value for a stored entry (undefined when none): stored data came from another version or hand. */
  read(stored: unknown): T
  /** What is stored of a value (default: the value). */
  write?(value: T): unknown
  /** Seconds the entry lives; null never expires (default 7 days). */
  expireSeconds?: number | null
}

/**
 * A store a person keeps in this browser: read from their own key when they
 * sign in, written back on each change while they are signed in, emptied for
 * the next person, deleted at sign-out.
 */
export function perUserStored<S extends WritableStore>(store: S, options: StoredOptions<StoreValue<S>>): S {
  const { name, read, write = value => value, expireSeconds } = options
  let loading = false
  const load = (userId: string) => {
    loading = true
    try {
      store.set(read(readStored(userStorageKey(name, userId))))
    } finally {
      loading = false
    }
  }
  members.push({ reset: () => store.set(read(undefined)), load, wipe: userId => removeStored(userStorageKey(name, userId)) })
  store.listen(value => {
    const userId = $userId.get()
    // Nobody signed in: the value is nobody's and is not kept.
    if (userId && !loading) writeStored(userStorageKey(name, userId), write(value), expireSeconds)
  })
  const userId = $userId.get()
  if (userId) load(userId)
  return store
}

/**
 * Makes `userId` the person the stores hold (the session names them). A change
 * of person first empties every store, then reads the new person's own data.
 */
export function setUser(userId: string): void {
  if ($userId.get() === userId) return
  if ($userId.get()) endUser()
  if (!userId) return
  adoptUnkeyed(userId)
  $userId.set(userId)
  writeStored(STORAGE_KEYS.user, userId)
  for (const member of members) member.load?.(userId)
}

/** Empties every per-user store (the keys were deleted first: see endSession). */
function endUser(): void {
  const userId = $userId.get()
  $userId.set('')
  // Another tab may already have signed the next person in: their record stays.
  const recorded = readStored<string>(STORAGE_KEYS.user)
  if (recorded === undefined || recorded === userId) removeStored(STORAGE_KEYS.user)
  for (const member of members) member.reset()
}

/**
 * The end of a session, however it ended: every key of the person is
 * deleted, then every per-user store is emptied (so nothing is written back).
 */
function endSession(): void {
  const userId = $userId.get()
  if (userId) {
    for (const member of members) member.wipe?.(userId)
    removeKeysOf(userId)
  }
  // A token from a build before this registry, never read by a session: its bare entries are the person's too.
  if (unkeyedOwnerPending) removeUnkeyed()
  endUser()
}

/**
 * Every `<name>:<userId>` entry, also of stores whose code this page never
 * loaded: signing out on /profile left the chat list of the dialogue's store
 * behind, since the dialogue's bundle (and so its registry entry) was not there.
 */
function removeKeysOf(userId: string): void {
  for (const storage of [globalThis.localStorage, globalThis.sessionStorage]) {
    try {
      if (!storage) continue
      const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index))
      for (const key of keys) if (key?.endsWith(`:${userId}`)) storage.removeItem(key)
    } catch {
      // storage blocked: nothing of the person can have been kept there
    }
  }
}

// ——— start-up ———

// Builds before this registry kept these entries under bare names, for whoever
// was signed in. Only a token that is still valid says whose they are.
const UNKEYED = [STORAGE_KEYS.prompts, STORAGE_KEYS.chat, STORAGE_KEYS.modelSettings, STORAGE_KEYS.clientType, STORAGE_KEYS.unfinishedUploads]
let unkeyedOwnerPending = false

function adoptUnkeyed(userId: string): void {
  if (!unkeyedOwnerPending) return
  unkeyedOwnerPending = false
  for (const name of UNKEYED) {
    const raw = rawEntry(name)
    if (raw !== null && rawEntry(userStorageKey(name, userId)) === null) {
      try {
        globalThis.localStorage?.setItem(userStorageKey(name, userId), raw)
      } catch {
        // storage full or blocked: the entry is dropped below all the same
      }
    }
    removeStored(name)
  }
}

function removeUnkeyed(): void {
  unkeyedOwnerPending = false
  for (const name of UNKEYED) removeStored(name)
}

function rawEntry(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null
  } catch {
    return null
  }
}

function start(): void {
  const token = $token.get()
  const storedUser = readStored<string>(STORAGE_KEYS.user)
  if (token && !storedUser) unkeyedOwnerPending = true
  else removeUnkeyed()
  if (typeof storedUser === 'string' && storedUser) $userId.set(storedUser)
  // The token expired (or was removed) while the browser was closed: that session ends now.
  if (!token) endSession()

  // However the token goes or changes, the session ends; the session that
  // loads next names whose data to read.
  let lastToken = token
  $token.listen(next => {
    const previous = lastToken
    lastToken = next
    if (previous && previous !== next) endSession()
  })
}

start()
