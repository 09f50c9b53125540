/// <reference types="mocha" />
// The public share page: an answer shows under the question it answers, and
// an answer the user stopped says so, as it does in the dialogue, and an
// answer its user edited says that it is not all the AI's. A shared answer's
// footer carries the explicit AI-generated label; a shared question does not.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/share-view/define'
import { setLanguage } from '../../../src/stores/settings'
import { loadLocale } from '../../../src/i18n'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)

function sharedAnswer(status: 'done' | 'stopped', editedAt: number | null = null) {
  return {
    shareId: 's1',
    sharedAt: Date.UTC(2026, 10, 20, 8),
    message: {
      messageId: 'a1',
      role: 'assistant',
      contentType: 'text',
      content: '先检查**防护罩**和急停按钮。',
      model: 'stub',
      modelLabel: '课程助手',
      modelVersion: '',
      reference: null,
      createTime: 1,
      status,
      editedAt,
    },
    question: { contentType: 'text', content: '数控车床开机前要检查什么？', createTime: 1 },
  }
}

describe('<zx-share-view>', () => {
  let server: FakeFetch | undefined
  afterEach(() => server?.restore())

  it('shows the question above the shared answer', async () => {
    server = fakeFetch(() => envelope(200, sharedAnswer('done')))
    const el = fixtureSync(html`<zx-share-view share-id="s1"></zx-share-view>`)
    await waitUntil(() => $(el, '[data-testid="shared-message"]'), 'the answer did not show')
    expect($(el, '[data-testid="shared-question"]')!.textContent).to.contain('数控车床开机前要检查什么？')
    expect($(el, '[data-testid="shared-stopped"]')).to.equal(null)
    expect($(el, '[data-testid="shared-edited"]')).to.equal(null, 'an untouched answer is not marked')
  })

  it("labels a shared answer as AI-generated in the footer, in the reader's language, and not a shared question", async () => {
    server = fakeFetch(() => envelope(200, sharedAnswer('done')))
    const el = fixtureSync(html`<zx-share-view share-id="s1"></zx-share-view>`)
    await waitUntil(() => $(el, '[data-testid="share-ai-label"]'), 'the label did not show')
    expect($(el, '.share-footer [data-testid="share-ai-label"]')!.textContent).to.equal('人工智能生成')
    server.restore()
    setLanguage('en-US')
    await loadLocale('en-US')
    try {
      server = fakeFetch(() => envelope(200, sharedAnswer('done')))
      const english = fixtureSync(html`<zx-share-view share-id="s1"></zx-share-view>`)
      await waitUntil(() => $(english, '[data-testid="share-ai-label"]')?.textContent === 'AI-generated', 'the English label did not show')
    } finally {
      setLanguage('zh-CN')
    }
    server.restore()
    const question = {
      ...sharedAnswer('done'),
      question: null,
      message: { ...sharedAnswer('done').message, role: 'user', content: '数控车床开机前要检查什么？' },
    }
    server = fakeFetch(() => envelope(200, question))
    const asked = fixtureSync(html`<zx-share-view share-id="s1"></zx-share-view>`)
    await waitUntil(() => $(asked, '[data-testid="shared-message"]'), 'the question did not show')
    expect($(asked, '[data-testid="share-ai-label"]')).to.equal(null)
  })

  it('says when the person who shared the answer edited it', async () => {
    server = fakeFetch(() => envelope(200, sharedAnswer('done', Date.UTC(2026, 10, 20, 9))))
    const el = fixtureSync(html`<zx-share-view share-id="s1"></zx-share-view>`)
    await waitUntil(() => $(el, '[data-testid="shared-message"]'), 'the answer did not show')
    expect($(el, '[data-testid="shared-edited"]')!.textContent).to.contain('并非全部由 AI 生成')
  })

  it('marks an answer that was stopped', async () => {
    server = fakeFetch(() => envelope(200, sharedAnswer('stopped')))
    const el = fixtureSync(html`<zx-share-view share-id="s1"></zx-share-view>`)
    await waitUntil(() => $(el, '[data-testid="shared-message"]'), 'the answer did not show')
    expect($(el, '[data-testid="shared-stopped"]')!.textContent).to.equal('已停止')
  })

  it('shows the pictures of a shared image answer, not its JSON', async () => {
    const pixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
    const shared = sharedAnswer('done')
    shared.message.contentType = 'image'
    shared.message.content = JSON.stringify([{ b64Image: pixel, mime: 'image/png' }])
    server = fakeFetch(() => envelope(200, shared))
    const el = fixtureSync(html`<zx-share-view share-id="s1"></zx-share-view>`)
    await waitUntil(() => $(el, '[data-testid="shared-message"] img'), 'the picture did not show')
    expect($(el, '[data-testid="shared-message"] img')!.getAttribute('src')).to.equal(pixel)
    expect($(el, '[data-testid="shared-message"]')!.textContent).to.not.contain('b64Image')
  })
})
