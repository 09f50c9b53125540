/**
 * The panel's calls to /new-chat/app/api/embed/{key}/… (docs/api/embed.md). Plain
 * fetch, no shared client: the embed must stay small and must not send the
 * host app's headers. Every call is a POST so that browsers always send
 * Origin, which the server checks against the key's sites.
 */
import { createSseParser } from '../../../shared/sse'

export interface Auth {
  visitorToken?: string
  user?: string
  expires?: number
  signature?: string
}

export interface EmbedMessage {
  messageId: string
  parentMessageId: string | null
  role: 'user' | 'assistant'
  content: string
  status: 'done' | 'streaming' | 'stopped' | 'error' | 'blocked'
  error: string | null
  reference: string | null
  rating: number
  createTime: number
  /** A thinking model's reasoning (shown folded above the answer) and how long it took, in ms. */
  reasoning?: string | null
  reasoningMs?: number | null
}

export interface Conversation {
  conversationId: string
  title: string
  updateTime: number
}

export interface Session {
  assistant: { title: string; description: string; avatar: string; openingMessage: string; starterQuestions: string[] }
  visitor: { signedIn: boolean; name: string | null }
  visitorToken?: string
  conversations: Conversation[]
  messagesLeft: number | null
  parentOrigins: string[]
}

/** A refusal the server explained (msg is for the visitor), or `offline` when it could not be reached. */
export class EmbedError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

export const OFFLINE = 0

/** An answer's events carry `seq` (1, 2, …): a reader that lost the stream resumes after the last one. */
export type StreamEvent =
  | { type: 'start'; conversationId: string; question: EmbedMessage; answers: EmbedMessage[] }
  | { type: 'delta' | 'reasoning'; messageId: string; text: string; seq?: number }
  | { type: 'done'; messageId: string; message: EmbedMessage; seq?: number }
  | { type: 'error'; messageId: string; msg: string; message: EmbedMessage; seq?: number }
  | { type: 'title'; conversationId: string; chatTitle: string; seq?: number }
  | { type: 'end' }

/** `locale` is the panel's language, sent so the server's refusals read in it. */
export function createApi(base: string, key: string, auth: () => Auth, bearer?: string, locale: () => string = () => 'zh-CN') {
  const url = `${base}app/api/embed/${encodeURIComponent(key)}/`

  async function request(path: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<Response> {
    try {
      return await fetch(url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': locale(), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
        body: JSON.stringify({ auth: auth(), ...body }),
        signal,
        credentials: 'omit',
      })
    } catch (error) {
      if (signal?.aborted) throw error
      throw new EmbedError('', OFFLINE)
    }
  }

  /** The data of a {code, msg, data} reply, or its refusal as an EmbedError. */
  async function envelope<T>(response: Response): Promise<T> {
    const reply = (await response.json().catch(() => null)) as { code: number; msg: string; data: T } | null
    if (!reply || reply.code !== 200) throw new EmbedError(reply?.msg ?? '', reply?.code ?? response.status)
    return reply.data
  }

  const json = async <T>(path: string, body: Record<string, unknown> = {}) => envelope<T>(await request(path, body))

  return {
    session: () => json<Session>('session'),
    messages: (conversationId: string) => json<EmbedMessage[]>('messages', { conversationId }),
    remove: (conversationId: string) => json<null>('conversation/delete', { conversationId }),
    stop: (messageId: string) => json<{ stopped: boolean }>('stop', { messageId }),
    /** With -1, `why` (a reason and the visitor's words) may say what was wrong. */
    feedback: (messageId: string, rating: number, why?: { reason?: string; note?: string }) => json<EmbedMessage>('feedback', { messageId, rating, ...why }),
    suggested: (messageId: string) => json<string[]>('suggested', { messageId }),

    /** Streams an answer; each server-sent event goes to `onEvent`. */
    ask: (body: { prompt: string; conversationId?: string; parentMessageId?: string }, onEvent: (event: StreamEvent) => void, signal: AbortSignal) =>
      stream('completions', body, onEvent, signal),

    /** Follows an answer still being written (a reload, a dropped connection), after event `after`. */
    resume: (messageId: string, after: number, onEvent: (event: StreamEvent) => void, signal: AbortSignal) =>
      stream('resume', { messageId, after }, onEvent, signal),
  }

  async function stream(path: string, body: Record<string, unknown>, onEvent: (event: StreamEvent) => void, signal: AbortSignal): Promise<void> {
    const response = await request(path, body, signal)
    // Refusals (limits, bad input) come back as an ordinary envelope before any stream opens.
    if (!(response.headers.get('content-type') ?? '').includes('event-stream')) await envelope(response)
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    // The one event-stream parser (shared/sse.ts): CRLF, CR and multi-line data too.
    const parser = createSseParser(message => onEvent(JSON.parse(message.data) as StreamEvent))
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      parser.push(value)
    }
    parser.end()
  }
}

export type Api = ReturnType<typeof createApi>
