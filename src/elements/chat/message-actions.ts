import { shareMessage } from '../../api/chat'
import { $chatMessages } from '../../i18n'
import { showToast } from '../../stores/toasts'
import { writeClipboard } from '../shared/markdown/copy-code'

/** What the per-message buttons do beyond a store call: clipboard and the toast that confirms it. */

/** `near` is an element in our shadow root: the clipboard fallback puts its helper there. */
export async function copyText(text: string, near: Element): Promise<void> {
  const t = $chatMessages.get()
  if (await writeClipboard(text, near)) showToast('success', t.copied)
  else showToast('error', t.copyFailed)
}

/** Shares the message and copies its public link; when the clipboard refuses, the link is shown to copy by hand. */
export async function shareAndCopy(messageId: string, near: Element): Promise<void> {
  const t = $chatMessages.get()
  const { path } = await shareMessage(messageId)
  const link = `${location.origin}${path}`
  if (await writeClipboard(link, near)) showToast('success', t.shareCopied)
  else showToast('info', link, 15_000)
}

/** Only site paths and http(s) URLs become links (an attachment URL is data, not code). */
export function safeHref(url: string | undefined): string | undefined {
  if (!url) return undefined
  if (url.startsWith('/') && !url.startsWith('//')) return url
  return /^https?:\/\//i.test(url) ? url : undefined
}
