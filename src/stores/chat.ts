import { atom, computed, map } from 'nanostores'
import {
  createChat as createChatCall,
  deleteChat,
  fetchModels,
  listChats,
  setChatPinned,
  updateChat,
  type Chat,
  type ChatMode,
  type ChatSettings,
  type ModelCatalogue,
  type ModelChoice,
  type ModelInfo,
} from '../api/chat'
import { STORAGE_KEYS } from './storage'
import { loadable } from './loadable'
import { onUserChange, perUser, perUserStored } from './user-scope'

/**
 * SPEC §3 chat state (key `chatStorage:<userId>`, 7-day expiry): the active chat, the
 * model and versions picked, the context switch, and the chat list. It is a
 * cache: the server holds chats and messages. Only what lets the page start
 * instantly is stored (ids, titles, picks), never messages or images, so a
 * full localStorage can only cost that head start, never a chat.
 */

/** What the sidebar needs of a chat; the rest of a chat's record stays in memory. */
export interface ChatSummary {
  chatNumber: string
  title: string
  mode: ChatMode
  pinned: boolean
  /** When it was pinned (0 when not): v1 and v2 lists merge by it. */
  pinnedAt: number
  updateTime: number
}

export interface ChatState {
  /** chatNumber of the open chat; '' for a new one not sent yet. */
  active: string
  model: string
  /** The version picked for each model. */
  modelVersions: ModelChoice[]
  usingContext: boolean
  /** New chats compare models side by side (v2). */
  compare: boolean
  /** The models a compare chat asks (2–4). */
  compareModels: ModelChoice[]
  chat: ChatSummary[]
}

/** Stored list length: enough to show the sidebar before the server answers. */
const STORED_CHATS = 50
const MAX_TITLE = 100
export const MIN_COMPARE = 2
export const MAX_COMPARE = 4

export function defaultChatState(): ChatState {
  return { active: '', model: '', modelVersions: [], usingContext: true, compare: false, compareModels: [], chat: [] }
}

function isChoice(value: unknown): value is ModelChoice {
  const choice = value as ModelChoice
  return !!choice && typeof choice.model === 'string' && (choice.version === undefined || typeof choice.version === 'string')
}

function toSummary(chat: Omit<ChatSummary, 'pinnedAt'> & { pinnedAt?: number | null }): ChatSummary {
  return {
    chatNumber: chat.chatNumber,
    title: (chat.title ?? '').slice(0, MAX_TITLE),
    mode: chat.mode === 'v2' ? 'v2' : 'v1',
    pinned: !!chat.pinned,
    pinnedAt: chat.pinned ? Number(chat.pinnedAt) || 0 : 0,
    updateTime: Number(chat.updateTime) || 0,
  }
}

/** Keeps only well-formed fields: whatever is stored came from another version or another hand. */
export function sanitizeChatState(stored: Partial<ChatState> | undefined): ChatState {
  const base = defaultChatState()
  if (!stored || typeof stored !== 'object') return base
  const list = Array.isArray(stored.chat) ? stored.chat.filter(c => c && typeof c.chatNumber === 'string') : []
  return {
    active: typeof stored.active === 'string' ? stored.active : base.active,
    model: typeof stored.model === 'string' ? stored.model : base.model,
    modelVersions: Array.isArray(stored.modelVersions) ? stored.modelVersions.filter(isChoice) : base.modelVersions,
    usingContext: typeof stored.usingContext === 'boolean' ? stored.usingContext : base.usingContext,
    compare: typeof stored.compare === 'boolean' ? stored.compare : base.compare,
    compareModels: Array.isArray(stored.compareModels) ? stored.compareModels.filter(isChoice).slice(0, MAX_COMPARE) : base.compareModels,
    chat: list.map(toSummary),
  }
}

/** What goes to storage: the state with a bounded list of summaries and nothing else. */
export function persistableChatState(state: ChatState): ChatState {
  return { ...sanitizeChatState(state), chat: state.chat.slice(0, STORED_CHATS).map(toSummary) }
}

// Kept per person (./user-scope); a full or disabled storage is swallowed: chatting goes on from memory.
export const $chatState = perUserStored(map<ChatState>(defaultChatState()), {
  name: STORAGE_KEYS.chat,
  read: stored => sanitizeChatState(stored as Partial<ChatState> | undefined),
  write: persistableChatState,
})

/** Full records of the listed chats (settings included), in memory only. */
export const $chatRecords = perUser(map<Record<string, Chat>>({}), () => ({}))

export const $activeChat = computed([$chatState, $chatRecords], (state, records): Chat | undefined => records[state.active])

/** The mode of the open chat, or of the next one when none is open. */
export const $activeMode = computed([$chatState, $chatRecords], (state, records): ChatMode => {
  const chat = state.active ? (records[state.active] ?? state.chat.find(c => c.chatNumber === state.active)) : undefined
  return chat ? chat.mode : state.compare ? 'v2' : 'v1'
})

/**
 * The chat list shown, as the server orders it: pinned first (latest pin on
 * top), then the most recently used. pinnedAt lets v1 and v2 lists merge.
 */
export function orderChats<T extends ChatSummary>(chats: readonly T[]): T[] {
  return [...chats].sort((a, b) => Number(b.pinned) - Number(a.pinned) || (a.pinned ? (b.pinnedAt ?? 0) - (a.pinnedAt ?? 0) : b.updateTime - a.updateTime))
}

function remember(chat: Chat): void {
  $chatRecords.setKey(chat.chatNumber, chat)
}

/** Adds or replaces a chat in the list and the records. */
export function upsertChat(chat: Chat): void {
  remember(chat)
  const others = $chatState.get().chat.filter(c => c.chatNumber !== chat.chatNumber)
  $chatState.setKey('chat', orderChats([toSummary(chat), ...others]))
}

/** Applies a change the server made (a title, a newer update time) to the list. */
export function patchChat(chatNumber: string, patch: Partial<Pick<Chat, 'title' | 'pinned' | 'pinnedAt' | 'updateTime'>>): void {
  const record = $chatRecords.get()[chatNumber]
  if (record) remember({ ...record, ...patch })
  const list = $chatState.get().chat.map(c => (c.chatNumber === chatNumber ? toSummary({ ...c, ...patch }) : c))
  $chatState.setKey('chat', orderChats(list))
}

/** Which chats the list shows: an element on an assistant or course page shows only theirs. */
export interface ChatScope {
  assistantId?: string
  courseId?: string
}

export const $chatScope = atom<ChatScope>({})

async function fetchBothModes(title: string, signal: AbortSignal): Promise<Chat[]> {
  const query = { ...$chatScope.get(), title: title.trim() || undefined, pageSize: 100 }
  // The server lists v1 and v2 chats apart; the sidebar shows them together.
  const [single, compare] = await Promise.all([listChats('v1', query, { signal }), listChats('v2', query, { signal })])
  for (const chat of [...single, ...compare]) remember(chat)
  return [...single, ...compare]
}

/**
 * Loads the chat list from the server (the source of truth) into the state;
 * the list kept from before shows meanwhile. Resolves with how many chats
 * came, or undefined when the load failed or was replaced.
 */
export const $chatList = loadable(async (signal: AbortSignal) => {
  const chats = await fetchBothModes('', signal)
  $chatState.setKey('chat', orderChats(chats.map(toSummary)))
  return chats.length
})

export const loadChatList = () => $chatList.load()
// The list asked for the previous person must not land in the next one's.
onUserChange(() => $chatList.reset())

/** Chats whose title matches, without touching the list kept in the state. */
export async function searchChats(title: string, signal: AbortSignal): Promise<ChatSummary[]> {
  return orderChats((await fetchBothModes(title, signal)).map(toSummary))
}

/** Creates a chat with the current picks; the caller makes it active. */
export async function createChat(settings: ChatSettings): Promise<Chat> {
  const state = $chatState.get()
  const mode: ChatMode = state.compare ? 'v2' : 'v1'
  const chat = await createChatCall(mode, { ...settings, ...$chatScope.get(), usingContext: state.usingContext })
  upsertChat(chat)
  return chat
}

export function setActiveChat(chatNumber: string): void {
  if ($chatState.get().active === chatNumber) return
  $chatState.setKey('active', chatNumber)
  const chat = $chatRecords.get()[chatNumber] ?? $chatState.get().chat.find(c => c.chatNumber === chatNumber)
  // Opening a chat shows how it was made: its mode and, when known, its models.
  if (chat) $chatState.setKey('compare', chat.mode === 'v2')
  const record = $chatRecords.get()[chatNumber]
  if (record?.mode === 'v1' && record.model) pickModel(record.model, record.modelVersion ?? undefined)
  if (record?.mode === 'v2' && record.compareModels.length >= MIN_COMPARE) $chatState.setKey('compareModels', record.compareModels)
}

export async function renameChat(chatNumber: string, title: string): Promise<void> {
  const chat = chatSummary(chatNumber)
  if (!chat) return
  const saved = await updateChat(chat.mode, chatNumber, { title: title.trim().slice(0, MAX_TITLE) })
  upsertChat(saved)
}

export async function setPinned(chatNumber: string, pinned: boolean): Promise<void> {
  const saved = await setChatPinned(chatNumber, pinned)
  upsertChat(saved)
}

export async function removeChat(chatNumber: string): Promise<void> {
  const chat = chatSummary(chatNumber)
  if (!chat) return
  await deleteChat(chat.mode, chatNumber)
  $chatState.setKey(
    'chat',
    $chatState.get().chat.filter(c => c.chatNumber !== chatNumber),
  )
  const { [chatNumber]: _removed, ...rest } = $chatRecords.get()
  $chatRecords.set(rest)
  if ($chatState.get().active === chatNumber) $chatState.setKey('active', '')
}

export function chatSummary(chatNumber: string): ChatSummary | undefined {
  return $chatState.get().chat.find(c => c.chatNumber === chatNumber)
}

/** Saves settings on a chat (system message, temperature, top_p, context). */
export async function saveChatSettings(chatNumber: string, settings: ChatSettings): Promise<void> {
  const chat = chatSummary(chatNumber)
  if (!chat) return
  upsertChat(await updateChat(chat.mode, chatNumber, settings))
}

// ——— models ———

// Per person: which models a person may use is the server's answer to them.
export const $modelCatalogue = perUser(atom<ModelCatalogue | null>(null), () => null)

export async function loadModels(): Promise<ModelCatalogue> {
  const catalogue = await fetchModels()
  $modelCatalogue.set(catalogue)
  return catalogue
}

function findModel(catalogue: ModelCatalogue | null, name: string): ModelInfo | undefined {
  return catalogue?.models.find(m => m.name === name)
}

/** The version to use for `model`: the one picked before if it still exists, else its first. */
function versionFor(info: ModelInfo, picks: readonly ModelChoice[], wanted?: string): string | undefined {
  if (wanted && info.versions.includes(wanted)) return wanted
  const picked = picks.find(p => p.model === info.name)?.version
  return picked && info.versions.includes(picked) ? picked : info.versions[0]
}

/** The model and version the next question goes to, valid against the server's catalogue. */
export const $currentModel = computed([$chatState, $modelCatalogue], (state, catalogue): { info: ModelInfo; version?: string } | undefined => {
  const first = catalogue?.models[0]
  if (!catalogue || !first) return undefined
  const info = findModel(catalogue, state.model) ?? findModel(catalogue, catalogue.defaultModel) ?? first
  return { info, version: versionFor(info, state.modelVersions) }
})

/** The models a compare chat asks: the valid picks, topped up from the catalogue to at least two. */
export const $compareModels = computed([$chatState, $modelCatalogue], (state, catalogue): ModelChoice[] => {
  if (!catalogue) return []
  const picks: ModelChoice[] = []
  for (const choice of state.compareModels) {
    const info = findModel(catalogue, choice.model)
    if (info && !isImageModel(info) && !picks.some(p => p.model === info.name)) picks.push({ model: info.name, version: versionFor(info, [], choice.version) })
  }
  for (const info of compareCandidates(catalogue)) {
    if (picks.length >= MIN_COMPARE) break
    if (!picks.some(p => p.model === info.name)) picks.push({ model: info.name, version: versionFor(info, state.modelVersions) })
  }
  return picks.slice(0, MAX_COMPARE)
})

/** Compare needs two different models to exist. */
export const $canCompare = computed($modelCatalogue, catalogue => (catalogue ? compareCandidates(catalogue).length : 0) >= MIN_COMPARE)

/** An image model answers with pictures; it is picked for a chat, never compared. */
export const isImageModel = (info: Pick<ModelInfo, 'kind'>) => info.kind === 'image'

/** The models a compare chat may ask: the chat models. */
export function compareCandidates(catalogue: ModelCatalogue): ModelInfo[] {
  return catalogue.models.filter(m => !isImageModel(m))
}

export function pickModel(model: string, version?: string): void {
  $chatState.setKey('model', model)
  if (version) {
    const others = $chatState.get().modelVersions.filter(p => p.model !== model)
    $chatState.setKey('modelVersions', [...others, { model, version }])
  }
}

/** Adds or removes a model of the compare set, keeping 2–4. Returns false when that would leave the range. */
export function toggleCompareModel(model: string, version?: string): boolean {
  const current = $compareModels.get()
  const present = current.some(p => p.model === model)
  const next = present ? current.filter(p => p.model !== model) : [...current, { model, version }]
  if (next.length < MIN_COMPARE || next.length > MAX_COMPARE) return false
  $chatState.setKey('compareModels', next)
  return true
}

export function setCompareVersion(model: string, version: string): void {
  $chatState.setKey(
    'compareModels',
    $compareModels.get().map(p => (p.model === model ? { model, version } : p)),
  )
}

/** Switching compare on or off starts a new chat of that kind (a chat keeps its mode). */
export function setCompare(compare: boolean): void {
  if ($chatState.get().compare === compare) return
  $chatState.setKey('compare', compare)
  $chatState.setKey('active', '')
}

export function setUsingContext(usingContext: boolean): void {
  $chatState.setKey('usingContext', usingContext)
}
