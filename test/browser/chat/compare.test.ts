/// <reference types="mocha" />
// Compare mode (v2): one question, two or more models answering side by
// side and streaming together; "this one is better" records the preference.
import { expect, waitUntil } from '@open-wc/testing'
import { $, $$, composer, found, keydown, mountDialogue, typeInto, useFakeChatServer } from './mount'
import { nth } from '../support/nth'

describe('<zx-dialogue> compare mode', () => {
  const server = useFakeChatServer()

  it('streams two answers side by side and records the preferred one', async () => {
    const el = mountDialogue()
    const input = await composer(el)
    ;(await found(el, '[data-testid="compare-toggle"]')).click()
    await waitUntil(() => $(el, '[data-testid="compare-toggle"]')!.getAttribute('aria-pressed') === 'true')
    expect($(el, '[data-testid="model-picker"]')!.textContent).to.contain('Stub A').and.contain('Stub B')

    server().scripts.push({ pieces: [], hold: true })
    await typeInto(input, '比较一下两种加工方式')
    keydown(input, { key: 'Enter' })
    await waitUntil(() => server().streams.length === 1, 'no compare stream')
    const created = server().fetch.requests.find(r => r.method === 'POST' && r.url.endsWith('/v2/chat'))
    expect(JSON.parse(String(created!.body)).models.map((m: { model: string }) => m.model)).to.deep.equal(['stub-a', 'stub-b'])
    expect(nth(server().completionBodies, 0, 'completion').models.map((m: { model: string }) => m.model)).to.deep.equal(['stub-a', 'stub-b'])
    expect(server().fetch.requests.some(r => r.url.endsWith('/v2/chat/completions'))).to.equal(true)

    const stream = nth(server().streams, 0, 'stream')
    const a = nth(stream.answers, 0, 'answer')
    const b = nth(stream.answers, 1, 'answer')
    const columnText = (model: string) => ($(el, `[data-testid="compare-group"] [data-model="${model}"] .zx-md`)?.textContent ?? '').trim()
    stream.delta('车削', a.messageId)
    stream.delta('铣削', b.messageId)
    await waitUntil(() => columnText('stub-a') === '车削' && columnText('stub-b') === '铣削', 'both answers did not stream')
    stream.delta('适合回转体', a.messageId)
    stream.delta('适合平面', b.messageId)
    await waitUntil(() => columnText('stub-a') === '车削适合回转体' && columnText('stub-b') === '铣削适合平面')
    expect($$(el, '[data-testid="compare-group"] [data-testid="answer"][data-status="streaming"]')).to.have.length(2)
    stream.finish()
    await waitUntil(() => $$(el, '[data-testid="answer"][data-status="done"]').length === 2, 'answers not done')

    const preferB = $(el, `[data-model="stub-b"] [data-testid="prefer"]`)!
    preferB.click()
    await waitUntil(() => preferB.getAttribute('aria-pressed') === 'true', 'preference not shown')
    const feedback = server().fetch.requests.find(r => r.url.endsWith('/v1/chat/message/feedback'))!
    expect(JSON.parse(String(feedback.body))).to.include({ messageId: b.messageId, rating: 1 })
    expect($(el, '[data-model="stub-a"] [data-testid="regenerate"]'), 'no regenerate in compare').to.equal(null)
  })
})
