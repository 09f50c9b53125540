import { API_BASE, apiHeaders, checkReply, transportFailure } from './client'
import { HttpError } from './errors'
import { $token } from '../stores/token'

/**
 * Server-sent events over `fetch` (EventSource cannot POST or send headers).
 * Yields each event whose `data:` is JSON; comment lines (`: heartbeat`) and
 * the OpenAI-style `[DONE]` sentinel are skipped. Abort with `signal` to stop
 * reading and close the connection (the server then stops the provider call).
 */

export interface SseEvent<T> {
  /** `event:` field, `message` when the server sent none. */
  event: string
  data: T
  id?: string
}

export interface StreamOptions {
  method?: 'GET' | 'POST'
  body?: unknown
  signal?: AbortSignal
}

export async function* streamEvents<T = unknown>(path: string, options: StreamOptions = {}): AsyncGenerator<SseEvent<T>> {
  const { method = 'POST', body, signal } = options
  const sentWith = $token.get()
  let response: Response
  try {
    response = await fetch(`${API_BASE}/${path.replace(/^\//, '')}`, {
      method,
      signal,
      headers: apiHeaders({
        Accept: 'text/event-stream',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      }),
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch (error) {
    throw transportFailure(error)
  }

  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('text/event-stream')) {
    // Refusals (401, 400, ...) come back as an ordinary envelope.
    const text = await response.text().catch(() => '')
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // not JSON: checkReply reports it by status
    }
    checkReply(parsed, response.status, response.statusText, false, sentWith)
    throw new HttpError(response.status, 'expected an event stream')
  }
  if (!response.body) return

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      buffer += value
      let boundary: RegExpExecArray | null
      // Events end with a blank line; \r\n and \r are valid line ends too.
      while ((boundary = /\r\n\r\n|\n\n|\r\r/.exec(buffer))) {
        const block = buffer.slice(0, boundary.index)
        buffer = buffer.slice(boundary.index + boundary[0].length)
        const event = parseEvent<T>(block)
        if (event) yield event
      }
    }
    const last = parseEvent<T>(buffer)
    if (last) yield last
  } finally {
    reader.cancel().catch(() => {})
  }
}

/** One event block; undefined for comments, empty blocks, `[DONE]` and non-JSON data. */
export function parseEvent<T>(block: string): SseEvent<T> | undefined {
  let event = 'message'
  let id: string | undefined
  const data: string[] = []
  for (const line of block.split(/\r\n|\n|\r/)) {
    if (!line || line.startsWith(':')) continue
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    // The spec strips exactly one space after the colon.
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'data') data.push(value)
    else if (field === 'event') event = value
    else if (field === 'id') id = value
  }
  if (!data.length) return undefined
  const text = data.join('\n')
  if (text === '[DONE]') return undefined
  try {
    return { event, data: JSON.parse(text) as T, ...(id === undefined ? {} : { id }) }
  } catch {
    return undefined
  }
}
