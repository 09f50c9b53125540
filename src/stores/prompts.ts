import { atom } from 'nanostores'
import { listPromptTemplates, type PromptTemplate } from '../api/chat'
import { STORAGE_KEYS } from './storage'
import { onUserChange, perUser, perUserStored } from './user-scope'

/**
 * SPEC §3 `promptStore`: the user's own prompts, kept in this browser under
 * their user id (./user-scope), so the next person at a shared computer never
 * sees them. The
 * shape `{key, value}` (title, text) is the one popular prompt collections
 * are shared in, so their JSON files import as they are; `{title, content}`
 * and `{act, prompt}` lists are read too.
 */

export interface Prompt {
  /** Title shown in the picker; unique (case and spaces ignored). */
  key: string
  /** Text inserted into the composer. */
  value: string
}

export interface ImportResult {
  added: number
  updated: number
  skipped: number
}

export class PromptError extends Error {
  constructor(readonly reason: 'empty' | 'duplicate' | 'missing' | 'invalidJson') {
    super(reason)
    this.name = 'PromptError'
  }
}

const MAX_KEY = 100
const MAX_VALUE = 8_000

function sameKey(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

function asPrompt(item: unknown): Prompt | undefined {
  if (!item || typeof item !== 'object') return undefined
  const record = item as Record<string, unknown>
  const key = record.key ?? record.title ?? record.act
  const value = record.value ?? record.content ?? record.prompt
  if (typeof key !== 'string' || typeof value !== 'string' || !key.trim() || !value.trim()) return undefined
  return { key: key.trim().slice(0, MAX_KEY), value: value.slice(0, MAX_VALUE) }
}

function restore(stored: unknown): Prompt[] {
  // Older builds stored `{promptList: [...]}`.
  const list = Array.isArray(stored) ? stored : (stored as { promptList?: unknown } | undefined)?.promptList
  return Array.isArray(list) ? list.map(asPrompt).filter((p): p is Prompt => !!p) : []
}

// No expiry: these are the user's own writing, not a cache to refresh.
export const $prompts = perUserStored(atom<readonly Prompt[]>([]), { name: STORAGE_KEYS.prompts, read: restore, expireSeconds: null })

export function addPrompt(input: Prompt): void {
  const prompt = asPrompt(input)
  if (!prompt) throw new PromptError('empty')
  if ($prompts.get().some(p => sameKey(p.key, prompt.key))) throw new PromptError('duplicate')
  $prompts.set([prompt, ...$prompts.get()])
}

/** Replaces the prompt titled `oldKey`; the title may change but not onto another prompt's. */
export function updatePrompt(oldKey: string, input: Prompt): void {
  const prompt = asPrompt(input)
  if (!prompt) throw new PromptError('empty')
  const list = $prompts.get()
  const index = list.findIndex(p => sameKey(p.key, oldKey))
  if (index === -1) throw new PromptError('missing')
  if (list.some((p, i) => i !== index && sameKey(p.key, prompt.key))) throw new PromptError('duplicate')
  $prompts.set(list.map((p, i) => (i === index ? prompt : p)))
}

export function deletePrompt(key: string): void {
  $prompts.set($prompts.get().filter(p => !sameKey(p.key, key)))
}

export function clearPrompts(): void {
  $prompts.set([])
}

/** Merges a JSON list: new titles are added, known titles get the imported text. */
export function importPrompts(json: string): ImportResult {
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    throw new PromptError('invalidJson')
  }
  const items = Array.isArray(parsed) ? parsed : (parsed as { promptList?: unknown } | null)?.promptList
  if (!Array.isArray(items)) throw new PromptError('invalidJson')
  const list = [...$prompts.get()]
  const result: ImportResult = { added: 0, updated: 0, skipped: 0 }
  for (const item of items) {
    const prompt = asPrompt(item)
    if (!prompt) {
      result.skipped++
      continue
    }
    const index = list.findIndex(p => sameKey(p.key, prompt.key))
    if (index === -1) {
      list.push(prompt)
      result.added++
    } else if (list[index]?.value !== prompt.value) {
      list[index] = prompt
      result.updated++
    } else {
      result.skipped++
    }
  }
  $prompts.set(list)
  return result
}

/** The list as pretty JSON, in the format `importPrompts` reads. */
export function exportPrompts(): string {
  return JSON.stringify(
    $prompts.get().map(({ key, value }) => ({ key, value })),
    null,
    2,
  )
}

// ——— server prompt templates (GET /app/user/promptTemplate), listed beside the local prompts ———

export const $promptTemplates = perUser(atom<readonly PromptTemplate[] | null>(null), () => null)
let templatesLoading: Promise<void> | undefined
// The next person's templates are loaded for them.
onUserChange(() => (templatesLoading = undefined))

/** Loads the templates once per page; a failure leaves them out of the picker and allows a later retry. */
export function loadPromptTemplates(): Promise<void> {
  templatesLoading ??= listPromptTemplates({}, { quiet: true }).then(
    list => $promptTemplates.set(list),
    () => {
      templatesLoading = undefined
    },
  )
  return templatesLoading
}
