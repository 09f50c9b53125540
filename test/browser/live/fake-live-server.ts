// Plays the live classroom's server (docs/api/live.md) for the element
// tests: answers the calls with the envelope, records what was sent, and
// holds each event stream open so a test can send events, or drop it the way
// a phone losing its network does.
import type { LiveEvent, LiveSnapshot } from '../../../src/api/live'
import { nth } from '../support/nth'
import { envelope, fakeFetch, type FakeFetch, type SentRequest } from '../support/fake-fetch'

export class HeldEvents {
  readonly response: Response
  private controller!: ReadableStreamDefaultController<Uint8Array>
  private readonly encoder = new TextEncoder()
  private seq = 0

  constructor(signal: AbortSignal | null | undefined) {
    const body = new ReadableStream<Uint8Array>({ start: controller => void (this.controller = controller) })
    signal?.addEventListener('abort', () => {
      try {
        this.controller.error(new DOMException('The user aborted a request.', 'AbortError'))
      } catch {
        // already closed
      }
    })
    this.response = new Response(body, { headers: { 'Content-Type': 'text/event-stream' } })
  }

  send(event: Omit<LiveEvent, 'seq'> | LiveEvent): void {
    const seq = ++this.seq
    this.controller.enqueue(this.encoder.encode(`id: ${seq}\ndata: ${JSON.stringify({ seq, ...event })}\n\n`))
  }

  /** The connection drops without an `end` event. */
  drop(): void {
    this.controller.close()
  }
}

export const snapshot = (extra: Partial<LiveSnapshot> = {}): LiveEvent => ({
  type: 'snapshot',
  seq: 1,
  now: Date.now(),
  session: {
    id: 's1',
    courseId: 'c1',
    lessonId: 'l1',
    courseTitle: 'CNC lathe programming',
    lessonTitle: 'Spindle words',
    startedAt: Date.now(),
    ended: false,
    wallPaused: false,
    wallAnonymous: false,
  },
  present: 0,
  question: null,
  call: null,
  wall: [],
  ...extra,
})

export interface Sent {
  method: string
  path: string
  body: unknown
}

export type Reply = (request: SentRequest, path: string) => Response | undefined

/** Streams are kept in `streams` (newest last); `reply` answers the other calls, else an empty success. */
export function fakeLiveServer(reply: Reply = () => undefined) {
  const streams: HeldEvents[] = []
  const sent: Sent[] = []
  const fetch: FakeFetch = fakeFetch(request => {
    const path = new URL(request.url, location.href).pathname.replace(/^\/new-chat\//, '')
    if (path.endsWith('/events')) {
      const stream = new HeldEvents(request.signal)
      streams.push(stream)
      return stream.response
    }
    sent.push({ method: request.method, path, body: typeof request.body === 'string' ? JSON.parse(request.body) : undefined })
    return reply(request, path) ?? envelope(200, {})
  })
  return { streams, sent, restore: () => fetch.restore(), latest: () => nth(streams, streams.length - 1, 'event stream') }
}
