/// <reference types="mocha" />
import { expect } from '@open-wc/testing'
import { streamEvents } from '../../../src/api/stream'
import { clearToasts } from '../../../src/stores/toasts'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'
import { nth } from '../support/nth'

/** A text/event-stream body delivered in the given pieces (split anywhere, as networks do). */
function eventStream(pieces: string[]): Response {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece))
      controller.close()
    },
  })
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } })
}

describe('SSE stream reader', () => {
  let server: FakeFetch | undefined
  afterEach(() => {
    server?.restore()
    clearToasts()
  })

  it('yields JSON data events, skipping heartbeats and [DONE], across chunk boundaries', async () => {
    server = fakeFetch(() =>
      eventStream([': heartbeat\n\n', 'data: {"delta":"你', '好"}\n\n', 'event: done\r\ndata: {"finish":true}\r\n\r\n', 'data: [DONE]\n\n']),
    )
    const events = []
    for await (const event of streamEvents('v1/chat/completions', { body: { conversationId: 'c1' } })) events.push(event)
    expect(events).to.deep.equal([
      { event: 'message', data: { delta: '你好' } },
      { event: 'done', data: { finish: true } },
    ])
    const sent = nth(server.requests, 0, 'request')
    expect(sent.url).to.equal('/new-chat/v1/chat/completions')
    expect(sent.method).to.equal('POST')
    expect(sent.headers.get('accept')).to.equal('text/event-stream')
    expect(JSON.parse(String(sent.body))).to.deep.equal({ conversationId: 'c1' })
  })

  it('reads CR-only line ends, a CRLF cut between chunks and an event whose JSON spans several data lines', async () => {
    server = fakeFetch(() => eventStream(['data: {"a":1}\r\r', 'data: {"b":\r', '\ndata: 2}\r', '\n\r\n', 'data: {"c":3}\r']))
    const events = []
    for await (const event of streamEvents('v1/chat/completions', { body: {} })) events.push(event.data)
    expect(events).to.deep.equal([{ a: 1 }, { b: 2 }, { c: 3 }])
  })

  it('rejects with the catalogue error when the server answers with an envelope', async () => {
    server = fakeFetch(() => envelope(400, null, '对话不存在'))
    let failure: unknown
    try {
      for await (const _ of streamEvents('v1/chat/completions', { body: {} })) void _
    } catch (error) {
      failure = error
    }
    expect(failure).to.include({ code: 400, message: '对话不存在' })
  })
})
