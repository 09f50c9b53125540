/// <reference types="mocha" />
import { expect, waitUntil } from '@open-wc/testing'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import '../../../src/elements/courses/define'
import { AreaView } from '../../../src/host-app/components/area-view'
import { ShellLayout } from '../../../src/host-app/layouts/shell-layout'
import { $menuMessages, loadLocale } from '../../../src/i18n'
import { $session } from '../../../src/stores/auth'
import { setLanguage } from '../../../src/stores/settings'
import { envelope, fakeFetch, sessionFor, type FakeFetch } from '../support/fake-fetch'

function render(node: React.ReactNode): { host: HTMLElement; root: Root } {
  const host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  flushSync(() => root.render(node))
  return { host, root }
}

describe('menu: 课程评价 and 评价管理', () => {
  let server: FakeFetch
  const mounted: Array<{ host: HTMLElement; root: Root }> = []
  beforeEach(() => {
    server = fakeFetch(() => envelope(200, { items: [], total: 0, facets: { categories: [], terms: [] } }))
    $session.set(sessionFor('2', '9,5'))
  })
  afterEach(() => {
    for (const { host, root } of mounted.splice(0)) {
      root.unmount()
      host.remove()
    }
    server.restore()
    $session.set(null)
    setLanguage('zh-CN')
  })

  it('the two entries carry different icons', () => {
    const shell = render(
      <ShellLayout variant="main" path="/course/list" fullPage={false}>
        {null}
      </ShellLayout>,
    )
    mounted.push(shell)
    const icon = (id: string) => shell.host.querySelector(`[data-menu-id="${id}"] svg`)!
    // Another test file may switch the shared language setting meanwhile (pages share
    // localStorage), so the labels are compared with the current locale's words.
    const menu = $menuMessages.get()
    expect(shell.host.querySelector('[data-menu-id="9"] .zx-menu-label')!.textContent).to.equal(menu.courseEvaluation)
    expect(shell.host.querySelector('[data-menu-id="5"] .zx-menu-label')!.textContent).to.equal(menu.evaluationManagement)
    expect(icon('9').getAttribute('data-icon')).to.not.equal(icon('5').getAttribute('data-icon'))
    expect(icon('9').querySelector('path')!.getAttribute('d')).to.not.equal(icon('5').querySelector('path')!.getAttribute('d'))
  })

  for (const language of ['zh-CN', 'en-US'] as const) {
    it(`each page is titled with its menu label (${language})`, async () => {
      setLanguage(language)
      // The language's words arrive in a lazily loaded file: read them once they are here.
      await loadLocale(language)
      const menu = $menuMessages.get()
      // 课程评价 opens /course/list, which for a manager is the course showcase
      const showcase = document.createElement('zx-course-showcase')
      document.body.append(showcase)
      try {
        await waitUntil(() => showcase.shadowRoot?.querySelector('h1'), 'the showcase shows')
        expect(showcase.shadowRoot!.querySelector('h1')!.textContent).to.equal(menu.courseEvaluation)
      } finally {
        showcase.remove()
      }
      const evaluation = render(<AreaView area="evaluation" page={{ route: 'evaluation', params: {}, search: {} } as never} />)
      mounted.push(evaluation)
      expect(evaluation.host.querySelector('h1')!.textContent).to.equal(menu.evaluationManagement)
    })
  }
})
