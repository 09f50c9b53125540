/**
 * What an empty chat greets with, when the page says so: an assistant's
 * name, its opening message and its starter questions (`<zx-dialogue>`
 * attributes `welcome-title`, `opening-message`, `starter-questions`).
 * Empty fields fall back to the dialogue's generic welcome.
 *
 * Handed down as props from each <zx-dialogue>, not kept in a shared store:
 * a store set in an effect showed the generic starters (or another dialogue's)
 * for the first frame.
 */
export interface ChatWelcome {
  title?: string
  text?: string
  starters?: string[]
}

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
