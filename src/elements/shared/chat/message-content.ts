import type { ChatMessage, Reference } from '../../../api/chat'
import { messageText } from '../../../../shared/message-text'

/**
 * Reading the JSON-in-text fields of a message (SPEC §3): image questions and
 * references. Both come from the server but hold user or model content, so
 * only what is safe to show is kept.
 */

const IMAGE_DATA_URL = /^data:image\/(png|jpe?g|gif|webp);base64,[A-Za-z0-9+/=\s]+$/

/** A picture an image model made, stored here: a same-origin file link the server signed for this reader. */
const OWN_FILE_LINK = /^\/new-chat\/app\/api\/file\/[A-Za-z0-9_-]{1,64}(\?access=[A-Za-z0-9._~-]{1,400})?$/

/** Raw base64 (no prefix) is taken as PNG; our own file links pass; anything else is dropped. */
function asImageSrc(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined
  if (OWN_FILE_LINK.test(value)) return value
  const src = value.startsWith('data:') ? value : `data:image/png;base64,${value}`
  return IMAGE_DATA_URL.test(src.slice(0, 64)) && !/[<>"']/.test(src) ? src : undefined
}

export interface QuestionContent {
  text: string
  images: string[]
}

export function questionContent(message: Pick<ChatMessage, 'contentType' | 'content'>): QuestionContent {
  if (message.contentType !== 'image') return { text: message.content, images: [] }
  try {
    const items = JSON.parse(message.content) as Array<{ b64Image?: unknown; text?: unknown }>
    if (!Array.isArray(items)) throw new Error('not a list')
    return {
      text: messageText(message.content, message.contentType),
      images: items.map(item => asImageSrc(item?.b64Image)).filter((src): src is string => !!src),
    }
  } catch {
    return { text: '', images: [] }
  }
}

export function parseReferences(reference: string | null | undefined): Reference[] {
  if (!reference) return []
  try {
    const list = JSON.parse(reference) as unknown
    if (!Array.isArray(list)) return []
    return list.filter((item): item is Reference => !!item && typeof item.passage === 'string' && typeof item.documentName === 'string')
  } catch {
    return []
  }
}
