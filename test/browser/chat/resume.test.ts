/// <reference types="mocha" />
// Answers outlive their connection: a page opened (or reloaded) while an
// answer is still being written follows it instead of showing it dead, and
// a dropped connection picks the answer up after the last event seen.
import { expect, waitUntil } from '@open-wc/testing'
import { $$, composer, keydown, mountDialogue, typeInto, useFakeChatServer } from './mount'
import { chatRecord, messageRecord } from './fake-chat-server'
import { nth } from '../support/nth'

describe('<zx-dialogue> answers that outlive their connection', () => {
  const server = useFakeChatServer()
  const lastAnswer = (el: HTMLElement) => $$(el, '[data-testid="answer"]').at(-1)!
  const answerText = (answer: HTMLElement) => (answer.querySelector('.zx-md')?.textContent ?? '').trim()

  it('re-attaches an answer still streaming when the chat opens, and shows it to its end', async () => {
    server().chats.push(chatRecord({ chatNumber: 'c1', title: '数控编程' }))
    const question = messageRecord({ role: 'user', conversationId: 'c1', content: '什么是G代码？' })
    // Saved part-way by the server; the answer is still being written.
    const answer = messageRecord({ role: 'assistant', conversationId: 'c1', parentMessageId: question.messageId, status: 'streaming', content: 'G代码是' })
    server().messages.push(question, answer)
    const el = mountDialogue()
    el.setAttribute('chat-number', 'c1')
    await waitUntil(() => server().resumes.length === 1, 'the streaming answer was not re-attached')
    expect(nth(server().resumes, 0, 'resume').body).to.deep.equal({ messageId: answer.messageId, after: 0 })
    const { stream } = nth(server().resumes, 0, 'resume')
    // From its first event: the whole text is rebuilt, not appended to the saved part.
    stream.send({ type: 'delta', messageId: answer.messageId, text: 'G代码是', seq: 1 })
    stream.send({ type: 'delta', messageId: answer.messageId, text: '数控机床的指令。', seq: 2 })
    await waitUntil(() => answerText(lastAnswer(el)) === 'G代码是数控机床的指令。', `text not followed: "${answerText(lastAnswer(el))}"`)
    expect(lastAnswer(el).dataset.status).to.equal('streaming')
    const saved = { ...answer, status: 'done' as const, content: 'G代码是数控机床的指令。' }
    stream.send({ type: 'done', messageId: answer.messageId, message: saved, seq: 3 })
    stream.send({ type: 'end' })
    await waitUntil(() => lastAnswer(el).dataset.status === 'done', 'answer never done')
    expect(answerText(lastAnswer(el))).to.equal('G代码是数控机床的指令。')
  })

  it('a dropped connection resumes after the last event seen instead of failing the answer', async () => {
    const el = mountDialogue()
    server().scripts.push({ pieces: [], hold: true })
    const input = await composer(el)
    await typeInto(input, '写一段话')
    keydown(input, { key: 'Enter' })
    await waitUntil(() => server().streams.length === 1)
    const first = nth(server().streams, 0, 'stream')
    const id = nth(first.answers, 0, 'answer').messageId
    first.send({ type: 'delta', messageId: id, text: '第一句。', seq: 1 })
    first.send({ type: 'delta', messageId: id, text: '第二句。', seq: 2 })
    await waitUntil(() => answerText(lastAnswer(el)) === '第一句。第二句。')
    first.drop()
    await waitUntil(() => server().resumes.length === 1, 'no resume after the drop', { timeout: 4000 })
    expect(nth(server().resumes, 0, 'resume').body).to.deep.equal({ messageId: id, after: 2 })
    const { stream } = nth(server().resumes, 0, 'resume')
    stream.send({ type: 'delta', messageId: id, text: '第三句。', seq: 3 })
    const saved = { ...nth(first.answers, 0, 'answer'), status: 'done' as const, content: '第一句。第二句。第三句。' }
    stream.send({ type: 'done', messageId: id, message: saved, seq: 4 })
    stream.send({ type: 'end' })
    await waitUntil(() => lastAnswer(el).dataset.status === 'done', 'answer never done')
    expect(answerText(lastAnswer(el))).to.equal('第一句。第二句。第三句。')
    expect(lastAnswer(el).querySelector('[data-testid="answer-error"]'), 'not shown as lost').to.equal(null)
  })
})
