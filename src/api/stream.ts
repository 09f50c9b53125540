import { API_BASE, apiHeaders, checkReply, transportFailure } from './client'
import { HttpError } from './errors'
import { $token } from '../stores/token'
import { createSseParser, type SseMessage } from '../../shared/sse'

/**
 * Server-sent events over `fetch` (EventSource cannot POST or send headers),
 * read by the one event-stream parser (shared/sse.ts, also the embed's and
 * the server's). Yields each event whose data is JSON; comment lines
 * (`: heartbeat`) and the OpenAI-style `[DONE]` sentinel are skipped. Abort with `signal` to stop
 * reading and close the connection (the server then stops the provider call).
 */

export interface SseEvent<T> {
  /** `event:` field, `message` when the server sent none. */
  event: string
  data: T
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
  const ready: SseEvent<T>[] = []
  const parser = createSseParser(message => {
    const event = jsonEvent<T>(message)
    if (event) ready.push(event)
  })
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      parser.push(value)
      yield* ready.splice(0)
    }
    parser.end()
    yield* ready.splice(0)
  } finally {
    reader.cancel().catch(() => {})
  }
}

/** An event whose data is JSON; undefined for `[DONE]` and anything else. */
function jsonEvent<T>(message: SseMessage): SseEvent<T> | undefined {
  if (message.data === '[DONE]') return undefined
  try {
    return { event: message.event, data: JSON.parse(message.data) as T }
  } catch {
    return undefined
  }
}
