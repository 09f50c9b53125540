/// <reference types="mocha" />
// Regenerate keeps both answers under the question; "< 2/2 >" browses them.
import { expect, waitUntil } from '@open-wc/testing'
import { $, composer, enabledButton, keydown, mountDialogue, typeInto, useFakeChatServer } from './mount'
import { nth } from '../support/nth'

describe('<zx-dialogue> regenerate and alternatives', () => {
  const server = useFakeChatServer()

  const shownAnswer = (el: HTMLElement) => $(el, '[data-testid="answer"]')
  const text = (el: HTMLElement) => (shownAnswer(el)?.querySelector('.zx-md')?.textContent ?? '').trim()
  const position = (el: HTMLElement) => $(el, '[data-testid="alternative-position"]')?.textContent

  it('answers again, shows 2/2, and switches between the answers', async () => {
    const el = mountDialogue()
    server().scripts.push({ pieces: ['第一个回答'] }, { pieces: ['第二个回答'] })
    const input = await composer(el)
    await typeInto(input, '解释一下 PLC')
    keydown(input, { key: 'Enter' })
    await waitUntil(() => shownAnswer(el)?.dataset.status === 'done' && text(el) === '第一个回答', 'first answer not done')
    expect(position(el), 'no pager for a single answer').to.equal(undefined)

    ;(await enabledButton(el, '[data-testid="regenerate"]')).click()
    await waitUntil(() => text(el) === '第二个回答' && shownAnswer(el)?.dataset.status === 'done', 'second answer not shown')
    const body = server().completionBodies[1]
    expect(body).to.include({ regenerate: true, parentMessageId: nth(server().messages, 0, 'message').messageId })
    expect(position(el)).to.equal('2/2')
    expect(el.shadowRoot!.querySelectorAll('[data-testid="question"]'), 'still one question').to.have.length(1)

    ;(await enabledButton(el, '[data-testid="previous-answer"]')).click()
    await waitUntil(() => position(el) === '1/2', 'did not go back to the first answer')
    expect(text(el)).to.equal('第一个回答')
    expect(($(el, '[data-testid="previous-answer"]') as HTMLButtonElement).disabled).to.equal(true)

    ;(await enabledButton(el, '[data-testid="next-answer"]')).click()
    await waitUntil(() => position(el) === '2/2')
    expect(text(el)).to.equal('第二个回答')
  })

  it('asks a follow-up under the answer being shown', async () => {
    const el = mountDialogue()
    server().scripts.push({ pieces: ['甲'] }, { pieces: ['乙'] }, { pieces: ['丙'] })
    const input = await composer(el)
    await typeInto(input, '问题一')
    keydown(input, { key: 'Enter' })
    await waitUntil(() => text(el) === '甲' && shownAnswer(el)?.dataset.status === 'done')
    ;(await enabledButton(el, '[data-testid="regenerate"]')).click()
    await waitUntil(() => text(el) === '乙' && shownAnswer(el)?.dataset.status === 'done')
    ;(await enabledButton(el, '[data-testid="previous-answer"]')).click()
    await waitUntil(() => text(el) === '甲')
    const first = server().messages.find(m => m.content === '甲')!
    await typeInto(input, '问题二')
    keydown(input, { key: 'Enter' })
    await waitUntil(() => server().completionBodies.length === 3)
    expect(server().completionBodies[2]).to.include({ prompt: '问题二', parentMessageId: first.messageId })
  })
})
