/**
 * Replaces window.fetch for a test with a handler playing the server, and
 * records what the front end sent. `restore()` puts the real fetch back.
 */

export interface SentRequest {
  url: string
  method: string
  headers: Headers
  body: BodyInit | null | undefined
  /** The caller's AbortSignal, so a fake stream can end the way a real one does when aborted. */
  signal?: AbortSignal | null
}

export type FakeHandler = (request: SentRequest) => Response | Promise<Response>

export interface FakeFetch {
  requests: SentRequest[]
  restore(): void
}

export function fakeFetch(handler: FakeHandler): FakeFetch {
  const original = window.fetch
  const requests: SentRequest[] = []
  window.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: SentRequest = {
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      method: (init.method ?? 'GET').toUpperCase(),
      headers: new Headers(init.headers),
      body: init.body,
      signal: init.signal,
    }
    requests.push(request)
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError')
    return handler(request)
  }
  return {
    requests,
    restore: () => {
      window.fetch = original
    },
  }
}

/** A reply in the server's `{code, msg, data}` envelope; the HTTP status mirrors the code by default. */
export function envelope(code: number, data: unknown = null, msg = code === 200 ? 'ok' : 'failed', status = code >= 600 ? 500 : code): Response {
  return new Response(JSON.stringify({ code, msg, data }), { status, headers: { 'Content-Type': 'application/json' } })
}

/** A session as GET /app/user returns it. */
export function sessionFor(clientType: '1' | '2' | '3', menus = '13,1,3') {
  return {
    id: `u${clientType}`,
    username: `user${clientType}`,
    nickname: `User ${clientType}`,
    avatar: '',
    clientType,
    clientTypes: [clientType],
    menus,
  }
}
