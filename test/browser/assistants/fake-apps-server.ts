// A fake server for the apps, assistant-chat and practice elements: the
// assistants, form, practice and model calls, answering from plain arrays;
// the editor's course list, selectable datasets and picture upload too.
import type { AssistantCard } from '../../../src/api/assistants'
import type { InquiryRecord, PracticeApp } from '../../../src/api/practice'
import { envelope, fakeFetch, type FakeFetch, type SentRequest } from '../support/fake-fetch'

export interface FakeAppsServer extends FakeFetch {
  cards: AssistantCard[]
  forms: AssistantCard[]
  apps: PracticeApp[]
  records: InquiryRecord[]
  models: Array<{ name: string; label: string; versions: string[]; vision: boolean; builtin: boolean }>
  /** Favourite calls answer this code (200 by default). */
  favoriteCode: number
  /** The SSE body of a form run. */
  runEvents: unknown[]
  /** The teacher's courses and the datasets they may read, as the editor lists them. */
  courses: Array<{ id: string; title: string; term: string }>
  datasets: Array<{ id: string; name: string; documentCount: number; owner: string }>
  bodyOf(request: SentRequest): any
}

export function card(fields: Partial<AssistantCard> & Pick<AssistantCard, 'id' | 'title'>): AssistantCard {
  return {
    kind: 'chat',
    description: `${fields.title}的简介`,
    avatar: '',
    openingMessage: '',
    starterQuestions: [],
    typeMode: 'sys',
    typeId: 'type-teaching',
    author: null,
    own: false,
    favorite: false,
    lastUsedAt: null,
    ...fields,
  }
}

function sse(events: unknown[]): Response {
  const body = events.map(e => `data: ${JSON.stringify(e)}\n\n`).join('')
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } })
}

export function startFakeAppsServer(): FakeAppsServer {
  // The handler reads this very object, so a test changes the fake by assigning to it.
  const state: Omit<FakeAppsServer, keyof FakeFetch | 'bodyOf'> = {
    cards: [],
    forms: [],
    apps: [],
    records: [],
    models: [{ name: 'stub', label: 'Stub', versions: [], vision: false, builtin: false }],
    favoriteCode: 200,
    runEvents: [],
    courses: [],
    datasets: [],
  }
  const bodyOf = (request: SentRequest) => (typeof request.body === 'string' ? JSON.parse(request.body) : null)
  const server = state as FakeAppsServer
  const fake = fakeFetch(request => {
    const url = new URL(request.url, location.origin)
    const path = url.pathname.replace(/^\/new-chat\/+/, '')
    if (path === 'course/app/api/allAssistant') {
      const kind = url.searchParams.get('kind')
      return envelope(
        200,
        state.cards.filter(c => !kind || c.kind === kind),
      )
    }
    if (path === 'gpt/assistant-form/list') return envelope(200, state.forms)
    if (path === 'app/api/assistant/type') return envelope(200, [{ id: 'type-teaching', typeMode: 'sys', name: '备课教学', icon: 'book' }])
    if (path.startsWith('app/user/favorite/')) {
      if (state.favoriteCode !== 200) return envelope(state.favoriteCode, null, '助手不存在或未向你开放')
      return envelope(200, { assistantId: bodyOf(request).assistantId, favorite: path.endsWith('add') })
    }
    if (path === 'app/user/assistant' && (request.method === 'POST' || request.method === 'PUT')) {
      return envelope(200, {
        ...card({ id: 'new-1', title: bodyOf(request).title, own: true, typeMode: 'user' }),
        ...bodyOf(request),
        createTime: 1,
        updateTime: 1,
      })
    }
    if (path === 'course/courses') return envelope(200, { items: state.courses, total: state.courses.length, facets: { categories: [], terms: [] } })
    if (path === 'course/ragDataset/ragDsSelect') return envelope(200, state.datasets)
    if (path === 'app/api/file/upload') return envelope(200, { id: 'f1', url: '/new-chat/app/api/file/f1', name: 'avatar.png', size: 68, mime: 'image/png' })
    if (path.startsWith('app/user/assistant/')) {
      const found = state.cards.find(c => c.id === decodeURIComponent(path.slice('app/user/assistant/'.length)))
      return found ? envelope(200, { ...found, createTime: 1, updateTime: 1 }) : envelope(404, null, '助手不存在或未向你开放')
    }
    if (path === 'gpt/assistant-form/run') return sse(state.runEvents)
    if (path === 'v1/chat/models') return envelope(200, { models: state.models, defaultModel: state.models[0]?.name })
    if (path === 'course/app/api/practice/app') return envelope(200, state.apps)
    if (path === 'course/app/api/practice/records') return envelope(200, state.records)
    return envelope(404, null, `no fake for ${path}`)
  })
  server.bodyOf = bodyOf
  server.requests = fake.requests
  server.restore = fake.restore
  return server
}
