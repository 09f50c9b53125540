// Plays the chat server of docs/api/chat.md for <zx-dialogue> tests: an
// in-memory chat list and message tree, and completions streamed as real
// text/event-stream bodies (a ReadableStream the test can hold open and feed,
// which errors with AbortError when the client aborts, as fetch does).
import type { Chat, ChatMessage, CompletionEvent, ModelCatalogue } from '../../../src/api/chat'
import { blankMessage } from '../../../src/stores/chat-thread'
import { envelope, fakeFetch, type FakeFetch, type SentRequest } from '../support/fake-fetch'
import { nth } from '../support/nth'

export interface AnswerScript {
  /** Deltas, in order; the saved answer is their concatenation. */
  pieces: string[]
  /** Keep the stream open after `start`: the test feeds it through `stream`. */
  hold?: boolean
  /** JSON text of references on the answer. */
  reference?: string
}

export class HeldStream {
  readonly response: Response
  aborted = false
  private controller!: ReadableStreamDefaultController<Uint8Array>
  private readonly encoder = new TextEncoder()
  text: Record<string, string> = {}
  thoughts: Record<string, string> = {}

  constructor(
    signal: AbortSignal | null | undefined,
    private readonly server: FakeChatServer,
    readonly answers: ChatMessage[],
  ) {
    const body = new ReadableStream<Uint8Array>({ start: controller => void (this.controller = controller) })
    signal?.addEventListener('abort', () => {
      this.aborted = true
      try {
        this.controller.error(new DOMException('The user aborted a request.', 'AbortError'))
      } catch {
        // already closed
      }
    })
    this.response = new Response(body, { headers: { 'Content-Type': 'text/event-stream' } })
  }

  send(event: CompletionEvent): void {
    if (this.aborted) return
    this.controller.enqueue(this.encoder.encode(`data: ${JSON.stringify(event)}\n\n`))
  }

  delta(text: string, messageId = nth(this.answers, 0, 'answer').messageId): void {
    this.text[messageId] = (this.text[messageId] ?? '') + text
    this.send({ type: 'delta', messageId, text })
  }

  /** A thinking model's reasoning, before its answer (saved with it by `finish`). */
  reasoning(text: string, messageId = nth(this.answers, 0, 'answer').messageId): void {
    this.thoughts[messageId] = (this.thoughts[messageId] ?? '') + text
    this.send({ type: 'reasoning', messageId, text })
  }

  /** The connection drops mid-stream (a server or proxy went away): the reader sees a network error. */
  drop(): void {
    if (this.aborted) return
    this.aborted = true
    this.controller.error(new TypeError('network error'))
  }

  /** Ends every answer as done with what was streamed (its reasoning taking `reasoningMs`), then the stream. */
  finish(reasoningMs = 0): void {
    for (const answer of this.answers) {
      const thought = this.thoughts[answer.messageId]
      const saved = {
        ...answer,
        content: this.text[answer.messageId] ?? '',
        status: 'done' as const,
        ...(thought ? { reasoning: thought, reasoningMs } : {}),
      }
      this.server.saveMessage(saved)
      this.send({ type: 'done', messageId: answer.messageId, message: saved })
    }
    this.send({ type: 'end' })
    if (!this.aborted) this.controller.close()
  }
}

const tick = () => new Promise(resolve => setTimeout(resolve, 0))

export interface FakeChatServer {
  fetch: FakeFetch
  chats: Chat[]
  messages: ChatMessage[]
  catalogue: ModelCatalogue
  /** Scripts for the next completions, used in order; then the default answer. */
  scripts: AnswerScript[]
  streams: HeldStream[]
  completionBodies: Record<string, any>[]
  /** Readers that came back for an answer (POST …/completions/resume): what they asked and their held stream. */
  resumes: Array<{ body: { messageId: string; after: number }; stream: HeldStream }>
  saveMessage(message: ChatMessage): void
  restore(): void
}

export const DEFAULT_PIECES = ['你好', '，这是', '**流式**', '回答。']

let ids = 0
const nextId = (prefix: string) => `${prefix}${++ids}`

export function chatRecord(fields: Partial<Chat>): Chat {
  return {
    chatNumber: nextId('chat'),
    title: '',
    mode: 'v1',
    model: 'stub-a',
    modelVersion: null,
    compareModels: [],
    usingContext: true,
    systemMessage: '',
    temperature: 0.8,
    top_p: 1,
    datasetIds: [],
    assistantId: null,
    courseId: null,
    pinned: false,
    pinnedAt: null,
    createTime: Date.now(),
    updateTime: Date.now(),
    ...fields,
  }
}

export function messageRecord(fields: Partial<ChatMessage> & Pick<ChatMessage, 'role' | 'conversationId'>): ChatMessage {
  return blankMessage({ messageId: nextId(fields.role === 'user' ? 'q' : 'a'), createTime: Date.now() + ids, ...fields })
}

export function startFakeChatServer(): FakeChatServer {
  const server: FakeChatServer = {
    fetch: undefined as unknown as FakeFetch,
    chats: [],
    messages: [],
    catalogue: {
      models: [
        { name: 'stub-a', label: 'Stub A', versions: ['a-1', 'a-2'], vision: true, builtin: false },
        { name: 'stub-b', label: 'Stub B', versions: ['b-1'], vision: false, builtin: false },
      ],
      defaultModel: 'stub-a',
    },
    scripts: [],
    streams: [],
    completionBodies: [],
    resumes: [],
    saveMessage(message) {
      const index = server.messages.findIndex(m => m.messageId === message.messageId)
      if (index === -1) server.messages.push(message)
      else server.messages[index] = message
    },
    restore: () => server.fetch.restore(),
  }

  async function complete(request: SentRequest, mode: 'v1' | 'v2', body: Record<string, any>): Promise<Response> {
    server.completionBodies.push(body)
    const chat = server.chats.find(c => c.chatNumber === body.conversationId)
    if (!chat) return envelope(404, null, '对话不存在')
    const script = server.scripts.shift() ?? { pieces: DEFAULT_PIECES }
    let question: ChatMessage
    if (body.regenerate) {
      question = server.messages.find(m => m.messageId === body.parentMessageId)!
    } else {
      const parent =
        body.parentMessageId === undefined
          ? (server.messages.filter(m => m.conversationId === chat.chatNumber).at(-1)?.messageId ?? null)
          : body.parentMessageId
      question = messageRecord({
        role: 'user',
        conversationId: chat.chatNumber,
        parentMessageId: parent,
        contentType: body.images?.length ? 'image' : 'text',
        content: body.images?.length ? JSON.stringify([...body.images.map((b64Image: string) => ({ b64Image })), { text: body.prompt }]) : body.prompt,
      })
      server.saveMessage(question)
    }
    const models: string[] = mode === 'v2' ? body.models.map((m: { model: string }) => m.model) : [body.model ?? 'stub-a']
    const gmessageId = mode === 'v2' ? nextId('g') : null
    const answers = models.map(model =>
      messageRecord({
        role: 'assistant',
        conversationId: chat.chatNumber,
        parentMessageId: question.messageId,
        model,
        status: 'streaming',
        gmessageId,
        pattern: gmessageId ? 'contrast' : 'single',
        reference: script.reference ?? null,
      }),
    )
    answers.forEach(a => server.saveMessage(a))
    const stream = new HeldStream(request.signal, server, answers)
    server.streams.push(stream)
    stream.send({ type: 'start', conversationId: chat.chatNumber, question, answers })
    if (!script.hold) {
      void (async () => {
        for (const piece of script.pieces) {
          await tick()
          for (const answer of answers) stream.delta(piece, answer.messageId)
        }
        await tick()
        if (!chat.title) {
          chat.title = String(body.prompt ?? '').slice(0, 20)
          stream.send({ type: 'title', conversationId: chat.chatNumber, chatTitle: chat.title })
        }
        stream.finish()
      })()
    }
    return stream.response
  }

  server.fetch = fakeFetch(async request => {
    const url = new URL(request.url, location.origin)
    const path = url.pathname.replace(/^\/new-chat\//, '')
    const body = typeof request.body === 'string' ? JSON.parse(request.body) : {}
    const mode = path.startsWith('v2/') ? 'v2' : 'v1'
    const route = `${request.method} ${path.replace(/^v[12]\//, 'vN/')}`
    switch (true) {
      case route === 'GET vN/chat/models':
        return envelope(200, server.catalogue)
      case route === 'GET vN/chat':
        return envelope(
          200,
          server.chats.filter(c => c.mode === mode),
        )
      case route === 'POST vN/chat': {
        const chat = chatRecord({ ...body, mode, compareModels: body.models ?? [] })
        server.chats.unshift(chat)
        return envelope(200, chat)
      }
      case route === 'PUT vN/chat': {
        const chat = server.chats.find(c => c.chatNumber === body.chatNumber)!
        Object.assign(chat, body)
        return envelope(200, chat)
      }
      case route === 'POST vN/chat/top/add' || route === 'POST vN/chat/top/remove': {
        const chat = server.chats.find(c => c.chatNumber === body.id)!
        chat.pinned = route.endsWith('add')
        chat.pinnedAt = chat.pinned ? Date.now() : null
        return envelope(200, { ...chat })
      }
      case route.startsWith('DELETE vN/chat/') && !route.includes('/message/'): {
        const id = decodeURIComponent(path.split('/').pop()!)
        server.chats = server.chats.filter(c => c.chatNumber !== id)
        return envelope(200, null)
      }
      case route === 'POST vN/chat/message':
        return envelope(
          200,
          server.messages.filter(m => m.conversationId === body.chatNumber),
        )
      case route === 'POST vN/chat/completions':
        return complete(request, mode, body)
      case route === 'POST vN/chat/completions/resume': {
        const answer = server.messages.find(m => m.messageId === body.messageId)
        if (!answer) return envelope(404, null, '消息不存在或已删除')
        const stream = new HeldStream(request.signal, server, [answer])
        server.resumes.push({ body, stream })
        return stream.response
      }
      case route === 'POST vN/chat/completions/stop':
        return envelope(200, { stopped: true })
      case route === 'POST vN/chat/message/feedback': {
        const message = server.messages.find(m => m.messageId === body.messageId)!
        // A note the safety module refuses, as the server answers it.
        if (typeof body.note === 'string' && body.note.includes('炸药')) return envelope(400, { reason: 'blocked', category: 'violence' }, '这个问题我不能回答')
        message.rating = body.rating
        message.ratingReason = body.rating === -1 && (body.reason || body.note) ? { reason: body.reason ?? null, note: body.note ?? null } : null
        return envelope(200, { ...message })
      }
      case route === 'GET vN/chat/message/suggested':
        return envelope(200, [])
      case route === 'POST vN/chat/share':
        return envelope(200, { shareId: `s-${body.messageId}`, path: `/shareView?id=s-${body.messageId}` })
      case route === 'POST app/api/file/upload': {
        const file = (request.body as FormData).get('file') as File
        const id = nextId('f')
        return envelope(200, { id, url: `/new-chat/app/api/file/${id}`, name: file.name, size: file.size, mime: file.type })
      }
      case route === 'GET app/user/promptTemplate':
        return envelope(200, [
          { id: 't1', title: '教案模板', description: '生成一份教案', content: '请为以下课题写一份教案：', category: '备课', own: false, createTime: 0 },
        ])
      default:
        return envelope(404, null, `fake server has no ${route}`)
    }
  })
  return server
}
