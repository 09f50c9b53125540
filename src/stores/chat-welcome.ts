import { atom } from 'nanostores'

/**
 * What an empty chat greets with, when the page says so: an assistant's
 * name, its opening message and its starter questions (`<zx-dialogue>`
 * attributes `welcome-title`, `opening-message`, `starter-questions`).
 * Empty fields fall back to the dialogue's generic welcome.
 */
export interface ChatWelcome {
  title?: string
  text?: string
  starters?: string[]
}

export const $chatWelcome = atom<ChatWelcome>({})

/** `starter-questions` is a JSON list of strings; anything else counts as none. */
export function parseStarters(value: string | null): string[] | undefined {
  if (!value) return undefined
  try {
    const list = JSON.parse(value) as unknown
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string' && s.trim() !== '').slice(0, 6) : undefined
  } catch {
    return undefined
  }
}
