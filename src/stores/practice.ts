import { atom } from 'nanostores'
import { listAllAssistants, type AssistantCard } from '../api/assistants'
import {
  deletePracticeApp,
  listInquiryRecords,
  listPracticeApps,
  savePracticeApp,
  type InquiryRecord,
  type PracticeApp,
  type PracticeAppInput,
} from '../api/practice'
import { fetchModels } from '../api/chat'
import { loadable } from './loadable'
import { onUserChange, perUser } from './user-scope'

/**
 * Inquiry practice: the guided-inquiry assistants the user may use, the
 * inquiry records (a student's own; a teacher's students'), the school's
 * external practice apps, and whether only the offline engine is configured
 * (it cannot lead a Socratic inquiry, and the page says so).
 */

export const $inquiryCards = perUser(atom<readonly AssistantCard[]>([]), () => [])
export const $inquiryRecords = perUser(atom<readonly InquiryRecord[]>([]), () => [])
export const $practiceApps = perUser(atom<readonly PracticeApp[]>([]), () => [])
export const $builtinOnly = perUser(atom(false), () => false)

/** Loading the page's three lists (they live in the atoms above, which edits change in place). */
export const $practice = loadable(async () => {
  const [cards, records, apps] = await Promise.all([listAllAssistants({ kind: 'inquiry' }), listInquiryRecords(), listPracticeApps()])
  $inquiryCards.set(cards)
  $inquiryRecords.set(records)
  $practiceApps.set(apps)
  fetchModels({ quiet: true }).then(
    c => $builtinOnly.set(c.models.length > 0 && c.models.every(m => m.builtin)),
    () => {},
  )
  return { cards, records, apps }
})

export const loadPractice = () => $practice.load()
onUserChange(() => $practice.reset())

export async function savePractice(input: PracticeAppInput & { id?: string }): Promise<PracticeApp> {
  const saved = await savePracticeApp(input)
  const others = $practiceApps.get().filter(a => a.id !== saved.id)
  $practiceApps.set(input.id ? $practiceApps.get().map(a => (a.id === saved.id ? saved : a)) : [saved, ...others])
  return saved
}

export async function removePractice(id: string): Promise<void> {
  await deletePracticeApp(id)
  $practiceApps.set($practiceApps.get().filter(a => a.id !== id))
}

/**
 * The iframe's sandbox for an external app. Scripts and forms run (labs
 * need them) and the app keeps its own origin (its storage and sign-in),
 * which is safe only because it is another origin than ours: a page of our
 * own origin with both would be unsandboxed, so there it loses same-origin.
 * No popups or top navigation: the app cannot take the page away.
 */
export function sandboxFor(url: string, pageOrigin: string): string {
  let origin = ''
  try {
    origin = new URL(url).origin
  } catch {
    return 'allow-scripts allow-forms'
  }
  return origin === pageOrigin ? 'allow-scripts allow-forms' : 'allow-scripts allow-same-origin allow-forms'
}

/** What the browser checks before sending (the server checks again): a full http(s) address. */
export function isAppUrl(text: string): boolean {
  try {
    const url = new URL(text.trim())
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname && !url.username && !url.password
  } catch {
    return false
  }
}
