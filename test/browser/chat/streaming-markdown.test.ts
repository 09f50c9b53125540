/// <reference types="mocha" />
// A streaming answer never shows the raw markers of its unfinished tail:
// "**这是智学" reads as bold text while the model is still writing, and a
// code block being written stays code.
import { expect, waitUntil } from '@open-wc/testing'
import { $$, composer, keydown, mountDialogue, typeInto, useFakeChatServer } from './mount'
import { nth } from '../support/nth'

describe('<zx-dialogue> streaming markdown', () => {
  const server = useFakeChatServer()

  it('renders an unclosed ** as bold without asterisks, and an open code fence as code', async () => {
    const el = mountDialogue()
    server().scripts.push({ pieces: [], hold: true })
    const input = await composer(el)
    await typeInto(input, '介绍一下智学')
    keydown(input, { key: 'Enter' })
    await waitUntil(() => server().streams.length === 1, 'no stream opened')
    const stream = nth(server().streams, 0, 'stream')
    const answer = () => $$(el, '[data-testid="answer"]').at(-1)!.querySelector<HTMLElement>('.zx-md')

    stream.delta('**这是智学')
    await waitUntil(() => answer()?.querySelector('strong')?.textContent === '这是智学', 'the unfinished bold is not shown as bold')
    expect(answer()!.textContent).not.to.contain('*')

    stream.delta('**的离线引擎。\n\n示例：\n\n```python\nx = 2 ** 3 *')
    await waitUntil(() => answer()?.querySelector('pre code')?.textContent?.includes('x = 2 ** 3 *') === true, 'the open code block is not code')
    expect(answer()!.querySelector('strong')!.textContent).to.equal('这是智学')

    stream.delta(' 4\n```\n\n最后 **一句')
    await waitUntil(() => answer()?.querySelectorAll('strong').length === 2, 'the new bold tail')
    stream.finish()
    await waitUntil(() => $$(el, '[data-testid="answer"]').at(-1)!.dataset.status === 'done', 'answer never done')
    // The answer really ended with an unclosed marker: once done, it shows as written.
    expect(answer()!.textContent).to.contain('**一句')
    expect(answer()!.querySelector('pre code')!.textContent).to.contain('x = 2 ** 3 * 4')
  })
})
