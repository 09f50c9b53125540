/// <reference types="mocha" />
// The assistant editor in <zx-apps>: a teacher publishes to one of their
// courses, picks the datasets it answers from and uploads its picture, and all
// three reach the server in the saved assistant.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/assistants/define'
import { $assistantCards, $formApps, $gallery } from '../../../src/stores/assistants'
import { $clientType } from '../../../src/stores/auth'
import { clearToasts } from '../../../src/stores/toasts'
import { startFakeAppsServer, type FakeAppsServer } from './fake-apps-server'
import { typeInto } from '../support/type-into'

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)

// The smallest valid PNG (1×1), so the picture is a real image file.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='), c => c.charCodeAt(0))

describe('<zx-apps> assistant editor', () => {
  let server: FakeAppsServer
  beforeEach(() => {
    server = startFakeAppsServer()
    server.courses = [
      { id: 'c1', title: '电工基础', term: '2026 春' },
      { id: 'c2', title: '机械制图', term: '2026 春' },
    ]
    server.datasets = [
      { id: 'd1', name: '安全规程', documentCount: 3, owner: '王老师' },
      { id: 'd2', name: '实训手册', documentCount: 5, owner: '李老师' },
    ]
    $assistantCards.set([])
    $formApps.set([])
    $gallery.reset()
    $clientType.set('1')
    clearToasts()
  })
  afterEach(() => server.restore())

  it('saves a course publication, the chosen datasets and the uploaded picture', async () => {
    const el = fixtureSync(html`<zx-apps></zx-apps>`) as HTMLElement
    await waitUntil(() => $(el, '[data-testid="create-assistant"]'), 'teachers should see the create button')
    $(el, '[data-testid="create-assistant"]')!.click()
    await waitUntil(() => $(el, '[data-testid="editor-courses"] input[data-id="c2"]'), 'the courses the teacher teaches are not offered')
    await waitUntil(() => $(el, '[data-testid="editor-datasets"] input[data-id="d1"]'), 'the readable datasets are not offered')
    expect($(el, '[data-testid="editor-courses"]')!.textContent).to.include('机械制图')

    await typeInto($(el, '[data-testid="editor-title"]')!, '安全导师')
    await typeInto($(el, '[data-testid="editor-system"]')!, '你是实训室安全导师')
    $(el, '[data-testid="editor-courses"] input[data-id="c2"]')!.click()
    $(el, '[data-testid="editor-datasets"] input[data-id="d1"]')!.click()

    const file = $(el, '[data-testid="editor-avatar"]') as HTMLInputElement
    const picked = new DataTransfer()
    picked.items.add(new File([PNG], 'avatar.png', { type: 'image/png' }))
    file.files = picked.files
    file.dispatchEvent(new Event('change', { bubbles: true }))
    await waitUntil(
      () => $(el, '[data-testid="editor-avatar-preview"] img')?.getAttribute('src') === '/new-chat/app/api/file/f1',
      'the uploaded picture is not previewed',
    )
    const upload = server.requests.find(r => r.url.includes('app/api/file/upload'))!
    expect((upload.body as FormData).get('file')).to.be.instanceOf(File)

    $(el, '[data-testid="editor-save"]')!.click()
    await waitUntil(() => server.requests.some(r => r.method === 'POST' && /app\/user\/assistant$/.test(r.url)), 'nothing was saved')
    const sent = server.bodyOf(server.requests.find(r => r.method === 'POST' && /app\/user\/assistant$/.test(r.url))!)
    expect(sent.publications).to.deep.equal([{ scope: 'course', courseId: 'c2' }])
    expect(sent.datasetIds).to.deep.equal(['d1'])
    expect(sent.avatar).to.equal('/new-chat/app/api/file/f1')
  })
})
