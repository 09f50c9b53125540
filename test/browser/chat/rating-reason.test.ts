/// <reference types="mocha" />
// A thumbs-down asks why: a few choices and the reader's own words, sent
// with the rating; a note the safety module refuses keeps the dialog open.
import { expect, waitUntil } from '@open-wc/testing'
import { $, $$, composer, found, keydown, mountDialogue, typeInto, useFakeChatServer } from './mount'

describe('<zx-dialogue> thumbs-down with a reason', () => {
  const server = useFakeChatServer()

  it('asks why after a thumbs-down and sends the reason and note with it', async () => {
    const el = mountDialogue()
    server().scripts.push({ pieces: ['车床主轴转速一般为 500 转。'] })
    const input = await composer(el)
    await typeInto(input, '车床主轴转速多少？')
    keydown(input, { key: 'Enter' })
    await waitUntil(() => $$(el, '[data-testid="answer"][data-status="done"]').length === 1, 'no answer')
    const feedback = () =>
      server()
        .fetch.requests.filter(r => r.url.endsWith('/v1/chat/message/feedback'))
        .map(r => JSON.parse(String(r.body)))

    ;(await found(el, '[data-testid="dislike"]')).click()
    const dialog = await found(el, '[data-testid="rating-reason-dialog"]')
    expect(feedback()[0]).to.include({ rating: -1 })
    const send = () => dialog.querySelector<HTMLButtonElement>('[data-testid="rating-reason-send"]')!
    expect(send().disabled, 'nothing chosen yet').to.equal(true)
    expect([...dialog.querySelectorAll('label.rating-reason')].map(l => l.textContent)).to.deep.equal([
      '内容不准确',
      '没有回答我的问题',
      '不完整',
      '有害或不当',
      '其他',
    ])
    dialog.querySelector<HTMLInputElement>('[data-testid="rating-reason-inaccurate"]')!.click()
    await typeInto(dialog.querySelector<HTMLTextAreaElement>('[data-testid="rating-note"]')!, '教我做炸药')
    await waitUntil(() => !send().disabled)
    send().click()
    await waitUntil(() => feedback().length === 2, 'the reason was not sent')
    await new Promise(resolve => setTimeout(resolve, 50))
    expect($(el, '[data-testid="rating-reason-dialog"]'), 'a refused note keeps the dialog open').to.exist

    await typeInto(dialog.querySelector<HTMLTextAreaElement>('[data-testid="rating-note"]')!, '转速要看工件直径')
    send().click()
    await waitUntil(() => !$(el, '[data-testid="rating-reason-dialog"]'), 'the dialog did not close')
    expect(feedback().at(-1)).to.include({ rating: -1, reason: 'inaccurate', note: '转速要看工件直径' })
    expect($(el, '[data-testid="dislike"]')!.getAttribute('aria-pressed')).to.equal('true')
  })
})
