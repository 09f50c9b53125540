import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/shared/define'
import '../../../src/elements/resources/define'
import { $toasts, clearToasts, showToast } from '../../../src/stores/toasts'
import type { FakeFetch } from '../support/fake-fetch'
import { resourceLibraryServer } from '../support/resource-library-server'

const toastsOf = (toaster: HTMLElement) => [...toaster.shadowRoot!.querySelectorAll<HTMLElement>('.toast')]

describe('toasts', () => {
  let server: FakeFetch | undefined
  beforeEach(() => {
    clearToasts()
    localStorage.clear()
  })
  afterEach(() => {
    server?.restore()
    server = undefined
    clearToasts()
  })

  it('stack in one column: a short and a long toast share their left edge and width', async () => {
    const toaster = fixtureSync(html`<zx-toaster></zx-toaster>`) as HTMLElement
    showToast('success', '已保存')
    showToast('error', '上传失败：文件“第三章 数控车床的对刀与坐标系设定.pdf”超过了 200 MB 的大小限制')
    await waitUntil(() => toastsOf(toaster).length === 2)
    const [short, long] = toastsOf(toaster).map(t => t.getBoundingClientRect())
    expect(short!.left).to.equal(long!.left)
    expect(short!.width).to.equal(long!.width)
    expect(long!.top).to.be.greaterThan(short!.bottom, 'one under the other')
  })

  it('a batch upload of three files raises one summary toast, not one per file', async () => {
    server = resourceLibraryServer()
    const el = fixtureSync(html`<zx-resource-library></zx-resource-library>`) as HTMLElement
    const input = await waitUntil(() => el.shadowRoot!.querySelector('[data-testid="upload-input"]'), 'the upload button shows').then(() =>
      el.shadowRoot!.querySelector<HTMLInputElement>('[data-testid="upload-input"]')!,
    )
    const data = new DataTransfer()
    for (const name of ['教案.pdf', '课件.pdf', '习题.pdf']) data.items.add(new File([`%PDF ${name}`], name, { type: 'application/pdf' }))
    input.files = data.files
    input.dispatchEvent(new Event('change', { bubbles: true }))
    await waitUntil(
      () => server!.requests.filter(r => r.method === 'POST' && r.url.endsWith('/course/resource')).length === 3,
      'each file is added to the library',
      { timeout: 8000 },
    )
    await waitUntil(() => $toasts.get().length > 0, 'a toast shows')
    await new Promise(resolve => setTimeout(resolve, 200))
    expect($toasts.get().map(t => t.message)).to.deep.equal(['3 个文件已上传到资源库'])
  })
})
