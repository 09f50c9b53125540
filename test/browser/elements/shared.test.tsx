/// <reference types="mocha" />
// fixtureSync, not fixture: fixture waits for an animation frame, which a background test tab may never get.
import { expect, fixtureSync, html, oneEvent, waitUntil } from '@open-wc/testing'
import { defineZxElement } from '../../../src/elements/shared/define-element'
import '../../../src/elements/shared/define'
import { setLanguage } from '../../../src/stores/settings'
import { clearToasts, showToast } from '../../../src/stores/toasts'
import { nth } from '../support/nth'

function Probe({ label }: { label?: string }) {
  return <p className="probe">{label ?? 'none'}</p>
}
const ProbeElement = defineZxElement('zx-test-probe', Probe, {
  props: { label: 'string' },
  css: 'p { color: rgb(0, 128, 0); margin: 7px; }',
})

describe('defineZxElement', () => {
  it('renders in an open shadow root that host-page CSS does not reach, and ours does not leave', async () => {
    const pageStyle = document.createElement('style')
    pageStyle.textContent = 'p, .probe { color: rgb(255, 0, 0) !important; margin: 50px !important; }'
    document.head.append(pageStyle)
    try {
      const el = fixtureSync(
        html`<div>
          <zx-test-probe label="hi"></zx-test-probe>
          <p class="outside">x</p>
        </div>`,
      )
      const probe = el.querySelector('zx-test-probe')!
      await waitUntil(() => probe.shadowRoot?.querySelector('p'), 'nothing rendered')
      const inner = probe.shadowRoot!.querySelector('p')!
      expect(inner.textContent).to.equal('hi')
      expect(getComputedStyle(inner).color).to.equal('rgb(0, 128, 0)')
      expect(getComputedStyle(inner).margin).to.equal('7px')
      expect(getComputedStyle(el.querySelector('.outside')!).color, 'our CSS must not leak out').to.equal('rgb(255, 0, 0)')
    } finally {
      pageStyle.remove()
    }
  })

  it('re-renders when an attribute changes', async () => {
    const probe = fixtureSync(html`<zx-test-probe label="one"></zx-test-probe>`)
    probe.setAttribute('label', 'two')
    await waitUntil(() => probe.shadowRoot?.querySelector('p')?.textContent === 'two', 'attribute change not rendered')
  })

  it('is idempotent: defining a tag again returns the first definition', () => {
    expect(defineZxElement('zx-test-probe', () => null)).to.equal(ProbeElement)
  })
})

describe('<zx-empty-state>', () => {
  afterEach(() => setLanguage('zh-CN'))

  it('says 暂无数据 by default, in the current language', async () => {
    const el = fixtureSync(html`<zx-empty-state></zx-empty-state>`)
    const message = () => el.shadowRoot?.querySelector('.message')?.textContent
    await waitUntil(() => message() === '暂无数据', 'default message missing')
    setLanguage('en-US')
    await waitUntil(() => message() === 'No data', 'message did not follow the language')
  })

  it('shows a heading and a custom message', async () => {
    const el = fixtureSync(html`<zx-empty-state heading="知识库" message="还没有文档"></zx-empty-state>`)
    await waitUntil(() => el.shadowRoot?.querySelector('h2'))
    expect(el.shadowRoot!.querySelector('h2')!.textContent).to.equal('知识库')
    expect(el.shadowRoot!.querySelector('.message')!.textContent).to.equal('还没有文档')
  })
})

describe('<zx-toaster>', () => {
  afterEach(() => clearToasts())

  it('stacks readable toasts with roles, errors as alerts', async () => {
    const el = fixtureSync(html`<zx-toaster></zx-toaster>`)
    showToast('warning', '用户名或密码错误')
    showToast('error', '服务器连接中，请稍后再试～')
    await waitUntil(() => el.shadowRoot?.querySelectorAll('[data-toast-type]').length === 2, 'toasts not shown')
    const toasts = el.shadowRoot!.querySelectorAll('[data-toast-type]')
    const warning = nth(toasts, 0, 'toast')
    const error = nth(toasts, 1, 'toast')
    expect(warning.getAttribute('role')).to.equal('status')
    expect(warning.textContent).to.contain('用户名或密码错误')
    expect(error.getAttribute('role')).to.equal('alert')
  })

  it('dismisses a toast by itself after its duration', async () => {
    const el = fixtureSync(html`<zx-toaster></zx-toaster>`)
    showToast('info', 'brief', 400)
    await waitUntil(() => el.shadowRoot?.querySelector('[data-toast-type]'), 'toast not shown', { interval: 10 })
    await waitUntil(() => !el.shadowRoot?.querySelector('[data-toast-type]'), 'toast did not leave', { timeout: 2000 })
  })
})

describe('<zx-dialog>', () => {
  it('is a labelled modal dialog around its content and asks to close on Escape', async () => {
    const el = fixtureSync<HTMLElement>(html`<zx-dialog open heading="个人资料"><input name="nickname" /></zx-dialog>`)
    await waitUntil(() => el.shadowRoot?.querySelector('.panel'), 'dialog not rendered')
    expect(el.getAttribute('role')).to.equal('dialog')
    expect(el.getAttribute('aria-label')).to.equal('个人资料')
    expect(el.getAttribute('aria-modal')).to.equal('true')
    const closing = oneEvent(el, 'zx:close')
    el.querySelector('input')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }))
    await closing
  })

  it('renders nothing and hides when not open', async () => {
    const el = fixtureSync<HTMLElement>(html`<zx-dialog heading="x"><p>content</p></zx-dialog>`)
    await waitUntil(() => el.hasAttribute('hidden'), 'closed dialog not hidden')
    expect(el.shadowRoot!.querySelector('.panel')).to.equal(null)
    el.setAttribute('open', '')
    await waitUntil(() => el.shadowRoot!.querySelector('.panel'), 'did not open on the open attribute')
    el.removeAttribute('open')
    await waitUntil(() => !el.shadowRoot!.querySelector('.panel'), 'did not close when the attribute went')
  })
})
