/**
 * The copy buttons of code blocks. Block HTML is injected as a string, so
 * the buttons have no handlers of their own: one click listener on the
 * container calls `copyCodeOnClick`, which finds the button and copies its
 * block's code (the code element's text, which is the raw code: highlighting
 * only wraps it in spans).
 */
import { COPY_BUTTON_CLASS } from './extensions/code'
import type { MarkdownLabels } from './labels-base'

const FEEDBACK_MS = 1500
const restoring = new WeakMap<Element, ReturnType<typeof setTimeout>>()

/**
 * navigator.clipboard exists only in secure contexts; school intranets are
 * often plain http, where the old execCommand route still works. The helper
 * textarea goes next to the button (inside our shadow root), never into the
 * page's body.
 */
export async function writeClipboard(text: string, near: Element): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Denied or unfocused: try the old way.
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.cssText = 'position:fixed;top:0;left:0;opacity:0;pointer-events:none'
  near.append(area)
  area.select()
  try {
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    area.remove()
  }
}

function showFeedback(button: HTMLElement, word: string, labels: MarkdownLabels): void {
  button.textContent = word
  button.setAttribute('aria-label', word)
  clearTimeout(restoring.get(button))
  restoring.set(
    button,
    setTimeout(() => {
      button.textContent = labels.copy
      button.setAttribute('aria-label', labels.copy)
    }, FEEDBACK_MS),
  )
}

/**
 * Handles a click anywhere in rendered markdown: when it hit a copy button,
 * copies that block's code and resolves true. Other clicks resolve false.
 */
export async function copyCodeOnClick(event: Pick<Event, 'target'>, labels: MarkdownLabels): Promise<boolean> {
  const target = event.target as Element | null
  const button = target?.closest?.(`.${COPY_BUTTON_CLASS}`) as HTMLElement | null
  const block = button?.closest('.zx-md-code')
  const code = block?.querySelector('pre code')
  if (!button || !block || !code) return false
  const copied = await writeClipboard(code.textContent ?? '', block)
  showFeedback(button, copied ? labels.copied : labels.copyFailed, labels)
  return copied
}
