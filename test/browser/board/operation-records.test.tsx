/// <reference types="mocha" />
// Walked through as a manager: the operation records at 375 px cut
// off every column after the action, and the actions read as the server's
// words ("login") in every language; so did the object types ("knowledge_document"). On a phone each record is now a card
// with labelled fields; actions are named in the chosen language.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { setViewport } from '@web/test-runner-commands'
import '../../../src/elements/board/define'
import { loadLocale } from '../../../src/i18n'
import { setLanguage } from '../../../src/stores/settings'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'

const record = (i: number, action: string, objectType = 'user') => ({
  id: `r${i}`,
  time: Date.UTC(2026, 10, 24, 8, i),
  username: 'manager',
  clientType: '2',
  action,
  objectType,
  objectId: `u${i}`,
  objectName: 'teacher',
  summary: 'password reset by an administrator (one-time password shown once)',
  ip: '127.0.0.1',
  userAgent: 'test',
  result: 'success',
})

describe('<zx-operation-records>', () => {
  let fake: FakeFetch
  beforeEach(() => {
    fake = fakeFetch(request => {
      const route = new URL(request.url, location.href).pathname.replace('/new-chat/', '')
      if (route === 'course/board/records')
        return envelope(200, {
          items: [
            { ...record(1, 'login'), summary: 'title=焊接实训, kind=quiz', summaryText: 'Title: 焊接实训; Type: Quiz' },
            record(2, 'password'),
            record(3, 'import', 'knowledge_document'),
            record(4, 'join', 'whiteboard'),
          ],
          total: 4,
        })
      if (route === 'course/board/records/chain') return envelope(200, { intact: true, checked: 2, brokenAt: null, reason: null, checkedAt: 1 })
      return envelope(404, null, 'not found')
    })
  })
  afterEach(async () => {
    fake.restore()
    setLanguage('zh-CN')
    await setViewport({ width: 800, height: 600 })
  })

  for (const [language, signIn, user, knowledgeDocument, join] of [
    ['zh-CN', '登录', '用户', '知识库文档', '加入'],
    ['en-US', 'Sign-in', 'User', 'Knowledge document', 'Join'],
  ] as const) {
    it(`shows each record whole at 375 px, its action and object type named in ${language}`, async () => {
      setLanguage(language)
      await loadLocale(language)
      await setViewport({ width: 375, height: 800 })
      const el = fixtureSync(html`<zx-operation-records></zx-operation-records>`)
      await waitUntil(() => el.shadowRoot!.querySelectorAll('[data-testid="records-table"] tbody tr').length === 4, 'records listed', { timeout: 4000 })
      const rows = [...el.shadowRoot!.querySelectorAll<HTMLElement>('[data-testid="records-table"] tbody tr')]
      expect(rows[0]!.textContent).to.contain(signIn)
      const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map(td => td.textContent)
      expect(cells(rows[0]!)).to.include(user)
      // The summary as the server put it into words, never the recorded field codes.
      expect(cells(rows[0]!)).to.include('Title: 焊接实训; Type: Quiz')
      expect(rows[0]!.textContent).not.to.contain('kind=quiz')
      expect(cells(rows[2]!)).to.include(knowledgeDocument)
      // A code the words do not know yet (object types follow route names) shows as the server recorded it.
      expect(cells(rows[3]!)).to.include.members([join, 'whiteboard'])
      const viewport = document.documentElement.clientWidth
      for (const cell of rows[0]!.querySelectorAll('td')) {
        const box = cell.getBoundingClientRect()
        expect(box.right, cell.textContent ?? '').to.be.at.most(viewport)
        expect(cell.getAttribute('data-label'), 'labelled').to.be.a('string')
      }
      const scroller = el.shadowRoot!.querySelector<HTMLElement>('.table-scroll')!
      expect(scroller.scrollWidth, 'nothing to scroll sideways').to.be.at.most(scroller.clientWidth + 1)
    })
  }
})
