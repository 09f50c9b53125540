/// <reference types="mocha" />
// A thinking model's reasoning shows live above its answer, open while it
// thinks and folded once the answer begins, saying how long it thought; the
// reader can open it again. A failed answer offers Retry and nothing that
// treats it as an answer.
import { expect, waitUntil } from '@open-wc/testing'
import { $, $$, composer, found, keydown, mountDialogue, typeInto, useFakeChatServer } from './mount'
import { nth } from '../support/nth'

describe('<zx-dialogue> reasoning and failed answers', () => {
  const server = useFakeChatServer()

  async function ask(el: HTMLElement, question: string): Promise<void> {
    const input = await composer(el)
    await typeInto(input, question)
    keydown(input, { key: 'Enter' })
  }
  const lastAnswer = (el: HTMLElement) => $$(el, '[data-testid="answer"]').at(-1)!

  it('shows the reasoning live, folds it when the answer begins and keeps it with its duration', async () => {
    const el = mountDialogue()
    server().scripts.push({ pieces: [], hold: true })
    await ask(el, '安全帽有什么用？')
    await waitUntil(() => server().streams.length === 1, 'no stream opened')
    const stream = nth(server().streams, 0, 'stream')
    stream.reasoning('用户问的是')
    stream.reasoning('安全帽的作用。')
    const block = (await found(el, '[data-testid="reasoning"]')) as HTMLDetailsElement
    await waitUntil(() => block.textContent?.includes('用户问的是安全帽的作用。'), 'reasoning not shown as it streams')
    expect(block.open, 'open while it thinks').to.equal(true)
    expect($(el, '[data-testid="reasoning-summary"]')!.textContent).to.match(/^思考中… \d+ 秒$/)
    expect($(el, '[data-testid="thinking"]'), 'no placeholder over the thoughts').to.equal(null)

    stream.delta('安全帽保护头部。')
    await waitUntil(() => !($(el, '[data-testid="reasoning"]') as HTMLDetailsElement).open, 'not folded when the answer began')
    stream.finish(3_200)
    await waitUntil(() => lastAnswer(el).dataset.status === 'done')
    const summary = $(el, '[data-testid="reasoning-summary"]')!
    expect(summary.textContent).to.equal('已思考 3 秒')
    expect(lastAnswer(el).querySelector('.zx-md')!.textContent!.trim(), 'the answer is only its text').to.equal('安全帽保护头部。')
    summary.click()
    await waitUntil(() => ($(el, '[data-testid="reasoning"]') as HTMLDetailsElement).open, 'the reader cannot open it again')
  })

  it('offers only Retry on a failed answer', async () => {
    const el = mountDialogue()
    server().scripts.push({ pieces: [], hold: true })
    await ask(el, '你好')
    await waitUntil(() => server().streams.length === 1)
    const stream = nth(server().streams, 0, 'stream')
    stream.delta('部分')
    const failed = { ...nth(stream.answers, 0, 'answer'), content: '部分', status: 'error' as const, error: '模型服务连接超时' }
    server().saveMessage(failed)
    stream.send({ type: 'error', messageId: failed.messageId, msg: failed.error, message: failed })
    stream.send({ type: 'end' })
    await found(el, '[data-testid="retry"]')
    for (const action of ['copy-answer', 'share', 'to-mind-map', 'like', 'dislike', 'regenerate']) {
      expect(lastAnswer(el).querySelector(`[data-testid="${action}"]`), `${action} on a failed answer`).to.equal(null)
    }
  })
})
