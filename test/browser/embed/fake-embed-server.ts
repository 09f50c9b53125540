// Plays the public embed calls of docs/api/embed.md for widget tests: one
// assistant per key, visitors by token, conversations, and answers streamed as
// real text/event-stream bodies that the test may hold open and feed.
import type { EmbedMessage } from '../../../src/embed/panel/api'
import { envelope, fakeFetch, type FakeFetch, type SentRequest } from '../support/fake-fetch'

export const SERVER = 'https://zhixue.test/new-chat/'

export type FakeMessage = EmbedMessage

export interface AnswerPlan {
  pieces: string[]
  /** Keep the stream open after `start`; the test feeds it with `held`. */
  hold?: boolean
  reference?: string
}

export class HeldAnswer {
  /** How the stream ends its lines (CRLF and CR alone are valid too). */
  static lineEnd = '\n'
  readonly response: Response
  aborted = false
  text = ''
  thought = ''
  private controller!: ReadableStreamDefaultController<Uint8Array>
  private readonly encoder = new TextEncoder()

  constructor(
    signal: AbortSignal | null | undefined,
    readonly answer: FakeMessage,
    private readonly onSaved: (m: FakeMessage) => void,
  ) {
    const body = new ReadableStream<Uint8Array>({ start: c => void (this.controller = c) })
    signal?.addEventListener('abort', () => {
      this.aborted = true
      try {
        this.controller.error(new DOMException('aborted', 'AbortError'))
      } catch {
        // closed already
      }
    })
    this.response = new Response(body, { headers: { 'Content-Type': 'text/event-stream' } })
  }

  send(event: Record<string, unknown>): void {
    const end = HeldAnswer.lineEnd
    if (!this.aborted) this.controller.enqueue(this.encoder.encode(`data: ${JSON.stringify(event)}${end}${end}`))
  }

  /** A thinking model's reasoning, before its answer. */
  reasoning(text: string): void {
    this.thought += text
    this.send({ type: 'reasoning', messageId: this.answer.messageId, text })
  }

  delta(text: string, seq?: number): void {
    this.text += text
    this.send({ type: 'delta', messageId: this.answer.messageId, text, ...(seq ? { seq } : {}) })
  }

  /** Ends the answer as the server does a failed one: an `error` event carrying the saved message. */
  fail(error: string): void {
    const saved = { ...this.answer, content: this.text, status: 'error' as const, error }
    this.onSaved(saved)
    this.send({ type: 'error', messageId: saved.messageId, msg: error, message: saved })
    this.send({ type: 'end' })
    if (!this.aborted) this.controller.close()
  }

  finish(status: FakeMessage['status'] = 'done', reference: string | null = null, title?: { conversationId: string; chatTitle: string }): void {
    const saved = { ...this.answer, content: this.text, status, reference, ...(this.thought ? { reasoning: this.thought, reasoningMs: 2_000 } : {}) }
    this.onSaved(saved)
    this.send({ type: 'done', messageId: saved.messageId, message: saved })
    if (title) this.send({ type: 'title', ...title })
    this.send({ type: 'end' })
    if (!this.aborted) this.controller.close()
  }
}

export interface FakeEmbedServer {
  fetch: FakeFetch
  /** Per key: what the session call answers. */
  assistants: Record<string, { title: string; openingMessage: string; starterQuestions: string[]; description?: string }>
  plans: AnswerPlan[]
  held: HeldAnswer[]
  /** Readers that came back for an answer (…/resume): what they asked and their held stream. */
  resumes: Array<{ body: { messageId: string; after: number }; held: HeldAnswer }>
  /** What the session call says of today's questions. */
  messagesLeft: number
  /** Answer the next completion with this refusal instead. */
  refuseNext: { code: number; msg: string } | null
  /** Awaited before each session call answers (a slow network); 'fail' answers it with a server error. */
  beforeSession: (() => Promise<'fail' | void>) | null
  /** Conversations by id, each with its visitor token. */
  conversations: Map<string, { token: string; key: string; messages: FakeMessage[]; title: string }>
  calls(path: string): SentRequest[]
  restore(): void
}

/** Forgets the visitors of these keys only: other test files share this origin's storage at the same time. */
export function forgetWidgets(keys: readonly string[] = ['zxk_alpha', 'zxk_beta']): void {
  for (const key of keys) {
    localStorage.removeItem(`zx-embed:${key}`)
    sessionStorage.removeItem(`zx-embed:${key}`)
  }
}

let counter = 0
const id = (prefix: string) => `${prefix}${++counter}`
const tick = () => new Promise(resolve => setTimeout(resolve, 0))

export function startFakeEmbedServer(): FakeEmbedServer {
  const server: FakeEmbedServer = {
    fetch: undefined as unknown as FakeFetch,
    assistants: {
      zxk_alpha: { title: '安全生产导师', openingMessage: '你好！我是**安全**导师。', starterQuestions: ['操作车床前要检查什么？', '发现有人触电怎么办？'] },
      // The same assistant under the panel tests' own key (see useWidgetKey).
      zxk_panel: { title: '安全生产导师', openingMessage: '你好！我是**安全**导师。', starterQuestions: ['操作车床前要检查什么？', '发现有人触电怎么办？'] },
      zxk_beta: { title: '学习助手', openingMessage: '有问题尽管问。', starterQuestions: ['什么是 PLC？'] },
    },
    plans: [],
    held: [],
    resumes: [],
    refuseNext: null,
    messagesLeft: 10,
    beforeSession: null,
    conversations: new Map(),
    calls: path => server.fetch.requests.filter(r => r.url.endsWith(`/${path}`)),
    restore: () => server.fetch.restore(),
  }

  server.fetch = fakeFetch(async request => {
    const match = /\/app\/api\/embed\/([^/]+)\/(.+)$/.exec(request.url)
    if (!match) return envelope(404, null, 'no such call')
    const [, key, path] = match as unknown as [string, string, string]
    const body = JSON.parse(String(request.body ?? '{}')) as Record<string, any>
    const token: string | undefined = body.auth?.visitorToken
    const assistant = server.assistants[key!]
    if (!assistant) return envelope(404, null, '嵌入密钥不存在')
    const own = (conversationId: string) => {
      const c = server.conversations.get(conversationId)
      return c && c.token === token && c.key === key ? c : undefined
    }
    switch (path) {
      case 'session': {
        if ((await server.beforeSession?.()) === 'fail') return envelope(500, null, '服务器开小差了，请稍后再试')
        const visitorToken = token ?? id('zxv_visitor_token_')
        const conversations = [...server.conversations.entries()]
          .filter(([, c]) => c.token === visitorToken && c.key === key)
          .map(([conversationId, c]) => ({ conversationId, title: c.title, updateTime: Date.now() }))
        return envelope(200, {
          assistant: { description: '', avatar: '', ...assistant },
          visitor: { signedIn: false, name: null },
          ...(token ? {} : { visitorToken }),
          conversations,
          messagesLeft: server.messagesLeft,
          parentOrigins: [],
        })
      }
      case 'messages': {
        const c = own(body.conversationId)
        return c ? envelope(200, c.messages) : envelope(404, null, '对话不存在或已删除')
      }
      case 'conversation/delete': {
        if (!own(body.conversationId)) return envelope(404, null, '对话不存在或已删除')
        server.conversations.delete(body.conversationId)
        return envelope(200, null)
      }
      case 'feedback':
        // The safety module refuses a harmful note, as the server does.
        if (String(body.note ?? '').includes('炸药')) return envelope(400, { reason: 'blocked' }, '补充说明含有不适宜的内容，请修改后再提交')
        return envelope(200, { rating: body.rating })
      case 'suggested':
        return envelope(200, ['接下来呢？'])
      case 'stop': {
        const held = server.held.find(h => h.answer.messageId === body.messageId)
        held?.finish('stopped')
        return envelope(200, { stopped: !!held })
      }
      case 'resume': {
        const conversation = [...server.conversations.values()].find(c => c.token === token && c.messages.some(m => m.messageId === body.messageId))
        const answer = conversation?.messages.find(m => m.messageId === body.messageId)
        if (!conversation || !answer) return envelope(404, null, '消息不存在或已删除')
        const held = new HeldAnswer(
          request.signal,
          answer,
          saved => (conversation.messages = conversation.messages.map(m => (m.messageId === saved.messageId ? saved : m))),
        )
        server.resumes.push({ body: { messageId: body.messageId, after: body.after }, held })
        return held.response
      }
      case 'completions': {
        if (server.refuseNext) {
          const refusal = server.refuseNext
          server.refuseNext = null
          return envelope(refusal.code, null, refusal.msg)
        }
        let conversationId: string = body.conversationId
        if (conversationId && !own(conversationId)) return envelope(404, null, '对话不存在或已删除')
        if (!conversationId) {
          conversationId = id('conv')
          server.conversations.set(conversationId, { token: token!, key: key!, messages: [], title: '' })
        }
        const conversation = server.conversations.get(conversationId)!
        const now = Date.now()
        const question: FakeMessage = {
          messageId: id('q'),
          parentMessageId: body.parentMessageId ?? null,
          role: 'user',
          content: body.prompt,
          status: 'done',
          error: null,
          reference: null,
          rating: 0,
          createTime: now,
        }
        const answer: FakeMessage = {
          ...question,
          messageId: id('a'),
          parentMessageId: question.messageId,
          role: 'assistant',
          content: '',
          status: 'streaming',
        }
        // Stored at once as streaming (as the server does), replaced by the saved answer when it ends.
        conversation.messages.push(question, answer)
        const plan = server.plans.shift() ?? { pieces: ['好的，', '这是回答。'] }
        const save = (saved: FakeMessage) => (conversation.messages = conversation.messages.map(m => (m.messageId === saved.messageId ? saved : m)))
        const held = new HeldAnswer(request.signal, answer, save)
        server.held.push(held)
        held.send({ type: 'start', conversationId, question, answers: [answer] })
        if (!plan.hold) {
          void (async () => {
            for (const piece of plan.pieces) {
              await tick()
              held.delta(piece)
            }
            await tick()
            conversation.title = body.prompt.slice(0, 10)
            held.finish('done', plan.reference ?? null, { conversationId, chatTitle: conversation.title })
          })()
        }
        return held.response
      }
      default:
        return envelope(404, null, 'no such call')
    }
  })
  return server
}
