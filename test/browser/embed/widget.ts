// Helpers for the embed widget tests: the loader is imported once per test
// file (it defines window.Zhixue), widgets are made with Zhixue.init and
// found by their instance id.
import { waitUntil } from '@open-wc/testing'
import type { EmbedOptions } from '../../../src/embed/types'
import { SERVER } from './fake-embed-server'
import { typeInto } from '../support/type-into'

export interface ZhixueTestApi {
  version: number
  init(options: EmbedOptions): string
  open(id?: string): void
  close(id?: string): void
  toggle(id?: string): void
  send(text: string, id?: string): void
  setLocale(locale: string, id?: string): void
  destroy(id?: string): void
  on(name: string, fn: (detail: Record<string, unknown>) => void, id?: string): () => void
}

export async function loadZhixue(): Promise<ZhixueTestApi> {
  await import('../../../src/embed/index')
  return (window as unknown as { Zhixue: ZhixueTestApi }).Zhixue
}

export function hostOf(id: string): HTMLElement {
  const host = document.querySelector<HTMLElement>(`zhixue-chat[data-id="${id}"]`)
  if (!host) throw new Error(`no widget ${id}`)
  return host
}

export const rootOf = (id: string) => hostOf(id).shadowRoot!
export const launcherOf = (id: string) => rootOf(id).querySelector<HTMLButtonElement>('button.l')!
export const inputOf = (id: string) => rootOf(id).querySelector<HTMLTextAreaElement>('textarea')
export const answersOf = (id: string) => [...rootOf(id).querySelectorAll<HTMLElement>('[data-role="assistant"]')]

let defaultKey = 'zxk_alpha'

/**
 * The key widgets of this test file use. Test files run at once in tabs that
 * share this origin's storage, so a file that checks storage uses its own key.
 */
export function useWidgetKey(key: string): void {
  defaultKey = key
}

export function widget(Zhixue: ZhixueTestApi, id: string, options: Partial<EmbedOptions> = {}): string {
  return Zhixue.init({ key: defaultKey, server: SERVER, id, ...options })
}

/** Opens the widget and waits until its panel shows the welcome text. */
export async function openPanel(Zhixue: ZhixueTestApi, id: string): Promise<ShadowRoot> {
  Zhixue.open(id)
  await waitUntil(() => rootOf(id).querySelector('[data-testid="embed-welcome"]'), 'the panel did not show its welcome', { timeout: 4000 })
  return rootOf(id)
}

export function pressEnter(area: HTMLTextAreaElement, init: KeyboardEventInit = {}): void {
  area.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true, composed: true, ...init }))
}

export { typeInto }

export async function ask(id: string, text: string): Promise<void> {
  const area = inputOf(id)!
  await typeInto(area, text)
  pressEnter(area)
  await waitUntil(() => rootOf(id).querySelector('[data-role="user"]'), 'the question did not show')
}
