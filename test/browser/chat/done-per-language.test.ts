/// <reference types="mocha" />
// What a reader sees is true in every language: a thinking model's reasoning
// folds saying how long it thought, an answer naming tags (<textarea>,
// List<String>) shows every word, and a failed answer offers Retry, named in
// the reader's language, and nothing that treats it as an answer.
import { expect, waitUntil } from '@open-wc/testing'
import { $, $$, composer, found, keydown, mountDialogue, typeInto, useFakeChatServer } from './mount'
import { nth } from '../support/nth'
import { $chatMessages, loadLocale } from '../../../src/i18n'
import { setLanguage, LANGUAGES } from '../../../src/stores/settings'

describe('<zx-dialogue> in each language', () => {
  const server = useFakeChatServer()
  afterEach(() => setLanguage('zh-CN'))

  async function ask(el: HTMLElement, question: string): Promise<void> {
    const input = await composer(el)
    await typeInto(input, question)
    keydown(input, { key: 'Enter' })
  }
  const lastAnswer = (el: HTMLElement) => $$(el, '[data-testid="answer"]').at(-1)!

  for (const language of LANGUAGES) {
    it(`thinking folds, tags named in prose keep every word, a failure offers only Retry (${language})`, async () => {
      setLanguage(language)
      await loadLocale(language)
      const t = $chatMessages.get()
      const el = mountDialogue()
      server().scripts.push({ pieces: [], hold: true })
      await ask(el, 'textarea?')
      await waitUntil(() => server().streams.length === 1, 'no stream opened')
      const stream = nth(server().streams, 0, 'stream')
      stream.reasoning('The user asks about form fields.')
      await found(el, '[data-testid="reasoning"]')
      stream.delta('HTML 的 <textarea> 标签放多行文字，Java 的 List<String> 是字符串列表，<select> 放选项。')
      stream.finish(2_000)
      await waitUntil(() => lastAnswer(el).dataset.status === 'done', 'answer not done')
      const block = $(el, '[data-testid="reasoning"]') as HTMLDetailsElement
      expect(block.open, 'folded once answered').to.equal(false)
      expect($(el, '[data-testid="reasoning-summary"]')!.textContent).to.match(/2/u)
      expect($(el, '[data-testid="reasoning-summary"]')!.textContent).not.to.equal(t.thinking)
      const text = lastAnswer(el).querySelector('.zx-md')!.textContent!
      for (const word of ['<textarea>', '标签放多行文字', 'List<String>', '是字符串列表', '<select>', '放选项']) expect(text, word).to.contain(word)

      server().scripts.push({ pieces: [], hold: true })
      await ask(el, 'again?')
      await waitUntil(() => server().streams.length === 2, 'no second stream')
      const failing = nth(server().streams, 1, 'stream')
      const failed = { ...nth(failing.answers, 0, 'answer'), content: '', status: 'error' as const, error: 'upstream timed out' }
      server().saveMessage(failed)
      failing.send({ type: 'error', messageId: failed.messageId, msg: failed.error, message: failed })
      failing.send({ type: 'end' })
      const retry = await found(el, '[data-testid="retry"]')
      expect(retry.textContent?.trim() || retry.getAttribute('aria-label')).to.contain(t.retry)
      for (const action of ['copy-answer', 'share', 'to-mind-map', 'like', 'dislike']) {
        expect(lastAnswer(el).querySelector(`[data-testid="${action}"]`), `${action} on a failed answer`).to.equal(null)
      }
    })
  }
})
