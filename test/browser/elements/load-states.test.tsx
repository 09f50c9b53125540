// Every page that loads says so while it waits (a skeleton, never "暂无数据"),
// and after a failure says what failed with a retry that loads again.
import { expect, fixtureSync, waitUntil } from '@open-wc/testing'
import { html, unsafeStatic } from 'lit/static-html.js'
import '../../../src/elements/assistants/define'
import '../../../src/elements/assistant-chat/define'
import '../../../src/elements/courses/define'
import '../../../src/elements/chat/define'
import '../../../src/elements/embed/define'
import '../../../src/elements/knowledge/define'
import '../../../src/elements/portals/define'
import '../../../src/elements/practice/define'
import '../../../src/elements/resources/define'
import { $clientType } from '../../../src/stores/auth'
import { $courseList } from '../../../src/stores/courses'
import { card, startFakeAppsServer, type FakeAppsServer } from '../assistants/fake-apps-server'
import { resetDialogueStores, useFakeChatServer } from '../chat/mount'
import { envelope } from '../support/fake-fetch'

type Mode = 'pending' | 'fail' | 'ok'

/**
 * Puts a gate in front of whatever fetch is installed: requests whose path
 * matches hang, fail with a 500, or go through, as `mode` says.
 */
function gate(matches: (path: string) => boolean) {
  const behind = window.fetch
  const state = { mode: 'pending' as Mode, restore: () => (window.fetch = behind) }
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.origin)
    const path = url.pathname.replace(/^\/new-chat\/+/, '')
    if (matches(path) && state.mode === 'pending') return new Promise<Response>(() => {})
    if (matches(path) && state.mode === 'fail') return envelope(500, null, '数据库正忙')
    return behind(input, init)
  }
  return state
}

/** Finds a selector inside nested shadow roots. */
function deep(root: Element | ShadowRoot | Document, selector: string): HTMLElement | null {
  if (root instanceof Element && root.shadowRoot) return deep(root.shadowRoot, selector)
  const direct = root.querySelector<HTMLElement>(selector)
  if (direct) return direct
  for (const element of root.querySelectorAll('*')) {
    if (element.shadowRoot) {
      const found = deep(element.shadowRoot, selector)
      if (found) return found
    }
  }
  return null
}

function visibleText(root: Element | ShadowRoot): string {
  let text = root instanceof Element ? (root.textContent ?? '') : [...root.childNodes].map(n => n.textContent ?? '').join('')
  for (const element of root.querySelectorAll('*')) if (element.shadowRoot) text += visibleText(element.shadowRoot)
  return text
}

interface Case {
  name: string
  tag: string
  attributes?: string
  /** Requests the page waits for. */
  matches: (path: string) => boolean
  /** What shows once the load went through. */
  loaded: string
}

const cases: Case[] = [
  {
    name: 'the course list',
    tag: 'zx-course-list',
    attributes: 'client-type="1"',
    matches: p => p === 'course/courses',
    loaded: '[data-testid="course-list"] zx-empty-state',
  },
  { name: 'the course showcase', tag: 'zx-course-showcase', matches: p => p === 'course/courses', loaded: 'zx-empty-state' },
  { name: 'the AI apps gallery', tag: 'zx-apps', matches: p => p === 'course/app/api/allAssistant', loaded: '[data-testid="all-assistants"]' },
  { name: 'inquiry practice', tag: 'zx-practice', matches: p => p === 'course/app/api/practice/app', loaded: '[data-testid="inquiry-list"]' },
  {
    name: 'an assistant chat',
    tag: 'zx-assistant-chat',
    attributes: 'assistant-id="a1"',
    matches: p => p === 'app/user/assistant/a1',
    loaded: '[data-testid="assistant-chat"]',
  },
  { name: 'the knowledge datasets', tag: 'zx-knowledge-library', matches: p => p === 'course/ragDataset/list', loaded: '[data-testid="dataset-card"]' },
  { name: 'the resource library', tag: 'zx-resource-library', matches: p => p === 'course/resource/list', loaded: '[data-testid="resource-table"]' },
  { name: 'the embed keys', tag: 'zx-embed-admin', matches: p => p === 'app/user/embed/key', loaded: 'zx-empty-state' },
  { name: 'a portal', tag: 'zx-portal', attributes: 'slug="portal"', matches: p => p === 'app/api/portal/portal', loaded: '[data-testid="portal"]' },
]

/** What the fake school holds besides the apps server: one dataset, one resource, no keys, a portal. */
function answerOthers(apps: FakeAppsServer) {
  const behind = window.fetch
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.origin)
    const path = url.pathname.replace(/^\/new-chat\/+/, '')
    const owner = { id: 'u1', name: '王老师' }
    if (path === 'course/ragDataset/list')
      return envelope(200, [
        {
          id: 'd1',
          name: '数控资料',
          description: '',
          visibility: 'private',
          courseIds: [],
          documentCount: 0,
          readyCount: 0,
          chunkCount: 0,
          owner,
          mine: true,
          createTime: 1,
          updateTime: 1,
        },
      ])
    if (path === 'course/resource/list')
      return envelope(200, {
        path: [],
        folders: [],
        tags: [],
        items: [
          {
            id: 'r1',
            name: '教案.pdf',
            kind: 'pdf',
            mime: 'application/pdf',
            size: 10,
            tags: [],
            folderId: null,
            url: '/x',
            downloadUrl: '/x',
            courseIds: [],
            mine: true,
            createTime: 1,
            updateTime: 1,
          },
        ],
      })
    if (path === 'app/user/embed/key') return envelope(200, [])
    if (path === 'app/api/portal/portal')
      return envelope(200, { slug: 'portal', title: '智学门户', subtitle: '', schoolName: '', banner: '', chatKey: '', assistants: [], courses: [], links: [] })
    return behind(input, init)
  }
  return () => {
    window.fetch = behind
    apps.restore()
  }
}

describe('loading and failed loads', () => {
  let restore: Array<() => void> = []
  beforeEach(() => {
    $clientType.set('1')
    $courseList.reset() // two elements here show the same list
    const apps = startFakeAppsServer()
    apps.cards = [card({ id: 'a1', title: '备课助手' }), card({ id: 'i1', title: '探究助手', kind: 'inquiry' })]
    restore = [answerOthers(apps)]
  })
  afterEach(() => {
    restore.reverse().forEach(undo => undo())
    $clientType.set('')
  })

  for (const c of cases) {
    it(`${c.name}: a skeleton while the request is pending, then the failure with a retry that reloads`, async () => {
      const door = gate(c.matches)
      restore.push(door.restore)
      const mount = () => fixtureSync(html`<${unsafeStatic(c.tag)} ${unsafeStatic(c.attributes ?? '')}></${unsafeStatic(c.tag)}>`) as HTMLElement

      const waiting = mount()
      await waitUntil(() => deep(waiting, 'zx-skeleton'), `${c.name}: no skeleton while loading`, { timeout: 4000 })
      expect(!!deep(waiting, 'zx-empty-state'), 'an empty state while loading').to.equal(false)
      expect(visibleText(waiting.shadowRoot!)).not.to.contain('暂无数据')
      waiting.remove()

      door.mode = 'fail'
      const failing = mount()
      await waitUntil(() => deep(failing, '[data-testid="load-error"]'), `${c.name}: the failure is not shown`, { timeout: 4000 })
      const failure = deep(failing, '[data-testid="load-error"]')!
      expect(failure.textContent).to.contain('加载失败')
      expect(failure.textContent).to.contain('数据库正忙')
      expect(!!deep(failing, 'zx-empty-state'), 'an empty state after a failure').to.equal(false)

      door.mode = 'ok'
      deep(failure.getRootNode() as ShadowRoot, '[data-testid="retry"]')!.click()
      await waitUntil(() => deep(failing, c.loaded), `${c.name}: retry did not load`, { timeout: 4000 })
      expect(failure.isConnected, 'the failure stays after the retry').to.equal(false)
      failing.remove()
    })
  }
})

describe('the dialogue chat list', () => {
  useFakeChatServer()

  it('shows a skeleton, not "no chats", while the list loads, and a retry after a failure', async () => {
    const door = gate(p => p === 'v1/chat' || p === 'v2/chat')
    try {
      const el = fixtureSync(html`<zx-dialogue style="display:block; width:1000px; height:640px"></zx-dialogue>`) as HTMLElement
      await waitUntil(() => deep(el, '.chat-scroll zx-skeleton'), 'no skeleton in the chat list', { timeout: 4000 })
      expect(!!deep(el, '.sidebar-empty')).to.equal(false)
      door.mode = 'fail'
      el.remove()
      resetDialogueStores()

      const failing = fixtureSync(html`<zx-dialogue style="display:block; width:1000px; height:640px"></zx-dialogue>`) as HTMLElement
      await waitUntil(() => deep(failing, '[data-testid="load-error"]'), 'the failure is not shown', { timeout: 4000 })
      expect(deep(failing, '[data-testid="load-error"]')!.textContent).to.contain('对话列表')
      door.mode = 'ok'
      deep(deep(failing, 'zx-load-error')!.shadowRoot!, '[data-testid="retry"]')!.click()
      await waitUntil(() => deep(failing, '.sidebar-empty'), 'retry did not load the list', { timeout: 4000 })
    } finally {
      door.restore()
    }
  })
})
