/// <reference types="mocha" />
// <zx-apps>: favourites first, a refused favourite put back, search, and a
// form app checked in the browser by the server's own rules and messages.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { checkFormValues, formatProblem, FORM_MESSAGES_ZH, type FormField, type FormRule } from '../../../shared/form-rules'
import '../../../src/elements/assistants/define'
import { problemText } from '../../../src/elements/assistants/form-rules-i18n'
import { $assistantsMessages } from '../../../src/i18n'
import { $assistantCards, $formApps, $gallery } from '../../../src/stores/assistants'
import { $clientType } from '../../../src/stores/auth'
import { $formRun, resetFormRun } from '../../../src/stores/form-run'
import { $toasts, clearToasts } from '../../../src/stores/toasts'
import { card, startFakeAppsServer, type FakeAppsServer } from './fake-apps-server'
import { typeInto } from '../support/type-into'

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]

const LESSON_FORM: FormField[] = [
  { name: 'subject', label: '课程名称', type: 'text', required: true, maxLength: 50 },
  { name: 'hours', label: '学时', type: 'number', required: true, min: 1, max: 16, integer: true },
  { name: 'types', label: '题型', type: 'multiselect', required: true, options: ['单选题', '判断题'], minSelected: 1 },
]

describe('<zx-apps>', () => {
  let server: FakeAppsServer
  beforeEach(() => {
    server = startFakeAppsServer()
    $assistantCards.set([])
    $formApps.set([])
    $gallery.reset()
    $clientType.set('3')
    clearToasts()
    resetFormRun()
  })
  afterEach(() => server.restore())

  const mount = () => fixtureSync(html`<zx-apps></zx-apps>`) as HTMLElement
  const cardOf = (el: Element, id: string, within = '') => $(el, `${within} [data-testid="assistant-card"][data-id="${id}"]`.trim())

  it('lists favourites first, and puts a star back when the server refuses it', async () => {
    server.cards.push(card({ id: 'a1', title: '安全生产导师' }), card({ id: 'a2', title: '教案设计助手', favorite: true }))
    const el = mount()
    await waitUntil(() => cardOf(el, 'a1', '[data-testid="all-assistants"]'), 'gallery did not load')
    expect(cardOf(el, 'a2', '[data-testid="favorites"]'), 'a favourite shows in its own section').to.exist
    expect(cardOf(el, 'a1', '[data-testid="favorites"]')).to.equal(null)
    expect($(el, '[data-testid="create-assistant"]'), 'students do not build assistants').to.equal(null)

    cardOf(el, 'a1')!.querySelector<HTMLElement>('[data-testid="favorite"]')!.click()
    await waitUntil(() => cardOf(el, 'a1', '[data-testid="favorites"]'), 'starred card did not move to favourites')
    const sent = server.requests.find(r => r.url.endsWith('app/user/favorite/add'))!
    expect(server.bodyOf(sent)).to.deep.equal({ assistantId: 'a1' })

    server.favoriteCode = 404
    cardOf(el, 'a2', '[data-testid="favorites"]')!.querySelector<HTMLElement>('[data-testid="favorite"]')!.click()
    await waitUntil(() => $toasts.get().some(t => t.message === '助手不存在或未向你开放'), 'the refusal was not shown')
    await waitUntil(() => cardOf(el, 'a2', '[data-testid="favorites"]'), 'a refused un-star must be put back')
  })

  it('searches by name and description, and links each card to its chat', async () => {
    server.cards.push(card({ id: 'a1', title: '安全生产导师', description: '实训室安全' }), card({ id: 'a2', title: '教案设计助手', description: '写教案' }))
    const el = mount()
    await waitUntil(() => cardOf(el, 'a2'), 'gallery did not load')
    await typeInto($(el, '[data-testid="apps-search"]')!, '实训室')
    await waitUntil(() => !cardOf(el, 'a2'), 'search did not filter')
    expect(cardOf(el, 'a1')!.querySelector('a')!.getAttribute('href')).to.equal('/course/chat?assistantId=a1')
  })

  it('checks a form app with the server rules and messages, then streams the answer', async () => {
    $clientType.set('1')
    server.forms.push(card({ id: 'form-x', title: '教案生成', kind: 'form', formFields: LESSON_FORM }))
    server.runEvents = [
      { type: 'start', conversationId: 'c1', question: { messageId: 'q1' }, answers: [{ messageId: 'm1' }] },
      { type: 'delta', messageId: 'm1', text: '## 教案\n\n' },
      { type: 'delta', messageId: 'm1', text: '教学目标' },
      { type: 'done', messageId: 'm1', message: { content: '## 教案\n\n教学目标', status: 'done' } },
      { type: 'end' },
    ]
    const el = mount()
    await waitUntil(() => $(el, '[data-testid="tab-forms"]'), 'no tabs')
    $(el, '[data-testid="tab-forms"]')!.click()
    await waitUntil(() => cardOf(el, 'form-x'), 'form apps did not load')
    cardOf(el, 'form-x')!.querySelector<HTMLElement>('.card-main')!.click()
    await waitUntil(() => $(el, '[data-testid="form-run"]'), 'form did not open')

    const hours = $(el, '[data-testid="field-hours"]')!
    await typeInto(hours, '40')
    $(el, '[data-testid="form-run"]')!.click()
    await waitUntil(() => $$(el, '.field-error').length === 3, 'every bad field should say what is wrong')
    expect($$(el, '.field-error').map(e => e.textContent)).to.deep.equal(['请填写「课程名称」', '「学时」不能大于 16', '请选择「题型」'])
    expect(
      server.requests.some(r => r.url.includes('assistant-form/run')),
      'nothing is sent while the form is wrong',
    ).to.equal(false)

    await typeInto($(el, '[data-testid="field-subject"]')!, '电工基础')
    await typeInto(hours, '2')
    ;($(el, '[data-testid="field-types"] input') as HTMLInputElement).click()
    await waitUntil(() => $$(el, '.field-error').length === 0, 'errors clear as fields are fixed')
    $(el, '[data-testid="form-run"]')!.click()
    await waitUntil(() => $formRun.get().status === 'done', 'the run did not finish')
    const sent = server.bodyOf(server.requests.find(r => r.url.includes('assistant-form/run'))!)
    expect(sent).to.deep.equal({ formId: 'form-x', values: { subject: '电工基础', hours: 2, types: ['单选题'] } })
    await waitUntil(() => $(el, '[data-testid="form-result"]')!.textContent!.includes('教学目标'), 'the answer is not shown')
    expect($(el, '[data-testid="form-continue"]')!.getAttribute('href')).to.equal('/course/chat/c1?assistantId=form-x')
  })
})

describe('form rules shared with the server', () => {
  it('give word for word the server messages in zh-CN', () => {
    const fields: FormField[] = [
      { name: 'a', label: '名称', type: 'text', required: true, minLength: 2, maxLength: 3 },
      { name: 'b', label: '数量', type: 'number', min: 1, max: 5, integer: true },
      { name: 'c', label: '难度', type: 'select', required: true, options: ['易'] },
      { name: 'd', label: '题型', type: 'multiselect', options: ['x', 'y', 'z'], minSelected: 2, maxSelected: 2 },
    ]
    const cases: Array<Record<string, unknown>> = [
      { a: '' },
      { a: '一' },
      { a: '一二三四' },
      { a: 'ok', b: 'x' },
      { a: 'ok', b: 1.5 },
      { a: 'ok', b: 0 },
      { a: 'ok', b: 9 },
      { a: 'ok', c: '' },
      { a: 'ok', c: '难' },
      { a: 'ok', c: '易', d: ['x'] },
      { a: 'ok', c: '易', d: ['x', 'y', 'z'] },
      { a: 'ok', c: '易', e: 1 },
    ]
    const seen = new Set<FormRule>()
    for (const values of cases) {
      for (const problem of checkFormValues(fields, values as never)) {
        seen.add(problem.rule)
        expect(problemText($assistantsMessages.get() as never, problem)).to.equal(formatProblem(FORM_MESSAGES_ZH, problem))
      }
    }
    expect(seen.size, 'every rule was exercised').to.equal(Object.keys(FORM_MESSAGES_ZH).length)
  })
})
