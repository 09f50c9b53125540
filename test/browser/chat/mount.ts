// Mounting <zx-dialogue> for a test with fresh stores, and the few ways a
// test touches it: its shadow root, typing, keys, waiting for the DOM.
import { fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/chat/define'
import { $chatRecords, $chatScope, $chatState, $modelCatalogue, defaultChatState } from '../../../src/stores/chat'
import { $lastAnswerEnd, $sending, stopSending } from '../../../src/stores/chat-send'
import { $branchChoice, $messages, $messagesLoading, $suggestions, $threadChat } from '../../../src/stores/chat-thread'
import { clearPrompts } from '../../../src/stores/prompts'
import { STORAGE_KEYS } from '../../../src/stores/storage'
import { clearToasts } from '../../../src/stores/toasts'
import { setUser, userStorageKey } from '../../../src/stores/user-scope'
import { startFakeChatServer, type FakeChatServer } from './fake-chat-server'

/** The person the dialogue tests are signed in as: the stores keep data only for someone. */
export const DIALOGUE_USER = 'dialogue-tester'

/** Leaves and re-enters as the same person: what a reload does to the stores. */
export function reenterUser(userId = DIALOGUE_USER): void {
  setUser('')
  setUser(userId)
}

export function resetDialogueStores(): void {
  setUser(DIALOGUE_USER)
  stopSending()
  $sending.set(null)
  $chatState.set(defaultChatState())
  $chatRecords.set({})
  $chatScope.set({})
  $modelCatalogue.set(null)
  $threadChat.set('')
  $messages.set([])
  $messagesLoading.set(false)
  $branchChoice.set({})
  $suggestions.set(null)
  $lastAnswerEnd.set(null)
  clearPrompts()
  clearToasts()
  // Only our keys: test files in other tabs of this origin share localStorage and run at the same time.
  for (const name of [STORAGE_KEYS.chat, STORAGE_KEYS.prompts, STORAGE_KEYS.modelSettings]) localStorage.removeItem(userStorageKey(name, DIALOGUE_USER))
}

/** Fresh stores and a fake chat server around each test of the suite; call the result for the server. */
export function useFakeChatServer(): () => FakeChatServer {
  let server: FakeChatServer
  beforeEach(() => {
    resetDialogueStores()
    server = startFakeChatServer()
  })
  afterEach(() => {
    resetDialogueStores()
    server.restore()
  })
  return () => server
}

export function mountDialogue(width = 1000): HTMLElement {
  return fixtureSync(html`<zx-dialogue style="display:block; width:${width}px; height:640px"></zx-dialogue>`)
}

export function root(el: HTMLElement): ShadowRoot {
  return el.shadowRoot!
}

export function $(el: HTMLElement, selector: string): HTMLElement | null {
  return el.shadowRoot!.querySelector<HTMLElement>(selector)
}

export function $$(el: HTMLElement, selector: string): HTMLElement[] {
  return [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]
}

export async function found(el: HTMLElement, selector: string, message = `${selector} did not appear`): Promise<HTMLElement> {
  await waitUntil(() => $(el, selector), message, { timeout: 4000 })
  return $(el, selector)!
}

/**
 * A button once a person could press it: found and enabled. The regenerate and
 * retry buttons stay disabled from an answer's `done` event until its stream
 * ends; Preact may paint that moment, React usually renders both at once.
 */
export async function enabledButton(el: HTMLElement, selector: string, message = `${selector} was not enabled`): Promise<HTMLButtonElement> {
  await waitUntil(() => ($(el, selector) as HTMLButtonElement | null)?.disabled === false, message, { timeout: 4000 })
  return $(el, selector) as HTMLButtonElement
}

export { typeInto } from '../support/type-into'

export function keydown(target: HTMLElement, init: KeyboardEventInit): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, composed: true, ...init })
  target.dispatchEvent(event)
  return event
}

/** The composer once the models are known (the send button needs them). */
export async function composer(el: HTMLElement): Promise<HTMLTextAreaElement> {
  await found(el, '[data-testid="model-picker"]', 'models not loaded')
  return (await found(el, '[data-testid="composer-input"]')) as HTMLTextAreaElement
}

export const nextFrame = () => new Promise(resolve => setTimeout(resolve, 20))
