/// <reference types="mocha" />
// Walked through as a manager on a young installation: the board's
// ranked lists (top assistants, topics, embed sites, use by model) were bare
// headings with nothing under them. An empty list now says that the period
// has no data yet, in the chosen language, and offers no empty table.
import { expect } from '@open-wc/testing'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { Bars, FigureTable } from '../../../src/elements/board/tables'
import { $boardMessages, loadLocale } from '../../../src/i18n'
import { setLanguage } from '../../../src/stores/settings'

describe('board ranked lists', () => {
  let host: HTMLDivElement
  let root: Root
  beforeEach(() => {
    host = document.createElement('div')
    document.body.append(host)
    root = createRoot(host)
  })
  afterEach(() => {
    root.unmount()
    host.remove()
    setLanguage('zh-CN')
  })

  for (const language of ['zh-CN', 'en-US'] as const) {
    it(`says a period has no data yet instead of showing a bare heading (${language})`, async () => {
      setLanguage(language)
      await loadLocale(language)
      flushSync(() =>
        root.render(
          <>
            <Bars testId="bars" items={[]} />
            <FigureTable testId="table" summary="table" headers={['a', 'b']} rows={[]} />
          </>,
        ),
      )
      expect(host.querySelector('[data-testid="bars"]')!.textContent).to.equal($boardMessages.get().noData)
      expect($boardMessages.get().noData).to.match(language === 'zh-CN' ? /没有数据/u : /Nothing/u)
      expect(host.querySelector('[data-testid="table"]'), 'no empty table to open').to.equal(null)
    })
  }

  it('draws one bar per item, the longest full width', () => {
    flushSync(() =>
      root.render(
        <Bars
          testId="bars"
          items={[
            { label: '数控', value: 4 },
            { label: '编程', value: 2 },
          ]}
        />,
      ),
    )
    const fills = [...host.querySelectorAll<HTMLElement>('.bar-fill')].map(f => f.style.width)
    expect(fills).to.deep.equal(['100%', '50%'])
  })
})
