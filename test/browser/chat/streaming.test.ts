/// <reference types="mocha" />
// Streamed answers: deltas show as they arrive and touch nothing else, the
// final text equals what streamed, stop aborts the request and keeps the
// partial answer as stopped, and a provider error offers a retry.
import { expect, waitUntil } from '@open-wc/testing'
import { $, $$, composer, enabledButton, found, keydown, mountDialogue, typeInto, useFakeChatServer } from './mount'
import { nth } from '../support/nth'

describe('<zx-dialogue> streaming', () => {
  const server = useFakeChatServer()

  async function ask(el: HTMLElement, question: string): Promise<void> {
    const input = await composer(el)
    await typeInto(input, question)
    keydown(input, { key: 'Enter' })
  }

  const answers = (el: HTMLElement) => $$(el, '[data-testid="answer"]')
  const lastAnswer = (el: HTMLElement) => answers(el).at(-1)!
  const answerText = (answer: HTMLElement) => (answer.querySelector('.zx-md')?.textContent ?? '').trim()

  it('shows deltas as they stream, and the final text equals the streamed text', async () => {
    const el = mountDialogue()
    server().scripts.push({ pieces: [], hold: true })
    await ask(el, '什么是数控车床？')
    await waitUntil(() => server().streams.length === 1, 'no stream opened')
    const stream = nth(server().streams, 0, 'stream')
    const question = await found(el, '[data-testid="question"] .bubble')
    expect(question.textContent).to.equal('什么是数控车床？')
    await found(el, '[data-testid="thinking"]', 'no thinking indicator before the first delta')

    const pieces = ['数控车床', '是由数字程序', '控制的', '自动化机床。']
    let streamed = ''
    for (const piece of pieces) {
      stream.delta(piece)
      streamed += piece
      await waitUntil(() => answerText(lastAnswer(el)) === streamed, `delta "${piece}" not shown`)
      expect(lastAnswer(el).dataset.status).to.equal('streaming')
    }
    expect($(el, '[data-testid="stop"]'), 'a stop button while streaming').to.exist
    stream.finish()
    await waitUntil(() => lastAnswer(el).dataset.status === 'done', 'answer never done')
    expect(answerText(lastAnswer(el))).to.equal(streamed)
    expect(server().messages.find(m => m.role === 'assistant')!.content).to.equal(streamed)
    expect($(el, '[data-testid="send"]'), 'send is back after the stream').to.exist
  })

  it('re-renders only the streaming answer: earlier messages are not touched by deltas', async () => {
    const el = mountDialogue()
    await ask(el, '第一个问题')
    await waitUntil(() => lastAnswer(el)?.dataset.status === 'done', 'first answer not done')
    const firstAnswer = lastAnswer(el)
    const firstQuestion = $(el, '[data-testid="question"]')!

    server().scripts.push({ pieces: [], hold: true })
    await ask(el, '第二个问题')
    await waitUntil(() => server().streams.length === 2)
    const mutations: MutationRecord[] = []
    const observer = new MutationObserver(records => mutations.push(...records))
    observer.observe(firstAnswer, { subtree: true, childList: true, characterData: true, attributes: true })
    observer.observe(firstQuestion, { subtree: true, childList: true, characterData: true, attributes: true })
    const stream = nth(server().streams, 1, 'stream')
    for (const piece of ['一', '二', '三', '四', '五']) stream.delta(piece)
    await waitUntil(() => answerText(lastAnswer(el)) === '一二三四五')
    observer.disconnect()
    expect(mutations, 'deltas changed earlier messages').to.have.length(0)
    expect($$(el, '[data-testid="answer"]')[0], 'the earlier answer was re-created').to.equal(firstAnswer)
    stream.finish()
  })

  it('stop aborts the request, keeps the partial answer and shows it as stopped', async () => {
    const el = mountDialogue()
    server().scripts.push({ pieces: [], hold: true })
    await ask(el, '写一篇长文')
    await waitUntil(() => server().streams.length === 1)
    const stream = nth(server().streams, 0, 'stream')
    stream.delta('第一段内容')
    await waitUntil(() => answerText(lastAnswer(el)) === '第一段内容')
    const stop = await found(el, '[data-testid="stop"]')
    stop.click()
    await waitUntil(() => stream.aborted, 'the request was not aborted')
    await waitUntil(() => lastAnswer(el).dataset.status === 'stopped', 'answer not marked stopped')
    expect(lastAnswer(el).querySelector('[data-testid="stopped"]')!.textContent).to.equal('已停止')
    expect(answerText(lastAnswer(el))).to.equal('第一段内容')
    const stopCall = server().fetch.requests.find(r => r.url.endsWith('/chat/completions/stop'))
    expect(JSON.parse(String(stopCall?.body))).to.deep.equal({ messageId: nth(stream.answers, 0, 'answer').messageId })
    await found(el, '[data-testid="send"]')
  })

  it('shows a provider error with its message and retries by answering again', async () => {
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
    const error = await found(el, '[data-testid="answer-error"]')
    expect(error.textContent).to.contain('模型服务连接超时')
    expect(answerText(lastAnswer(el))).to.equal('部分')

    ;(await enabledButton(el, '[data-testid="retry"]')).click()
    await waitUntil(() => server().completionBodies.length === 2, 'retry sent nothing')
    expect(server().completionBodies[1]).to.include({ regenerate: true, parentMessageId: failed.parentMessageId })
    await waitUntil(() => lastAnswer(el).dataset.status === 'done')
  })
})
