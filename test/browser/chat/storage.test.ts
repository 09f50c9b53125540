/// <reference types="mocha" />
// The browser keeps the SPEC §3 chat state as a cache and never image data,
// so a full localStorage never breaks chatting.
import { expect, waitUntil } from '@open-wc/testing'
import { $chatState } from '../../../src/stores/chat'
import { sendQuestion } from '../../../src/stores/chat-send'
import { STORAGE_KEYS } from '../../../src/stores/storage'
import { userStorageKey } from '../../../src/stores/user-scope'
import { $, $$, composer, keydown, mountDialogue, typeInto, useFakeChatServer } from './mount'
import { nth } from '../support/nth'

/** A 1×1 PNG. */
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

/** What the dialogue stores (other test files in other tabs of this origin share localStorage). */
function everythingStored(): string {
  return [
    userStorageKey(STORAGE_KEYS.chat),
    userStorageKey(STORAGE_KEYS.prompts),
    userStorageKey(STORAGE_KEYS.modelSettings),
    STORAGE_KEYS.appSetting,
    STORAGE_KEYS.token,
  ]
    .map(key => `${key}=${localStorage.getItem(key)}`)
    .join('\n')
}

describe('<zx-dialogue> and browser storage', () => {
  const server = useFakeChatServer()

  it('stores the chat state (active chat, model, context, list) but no image data and no message bodies', async () => {
    const el = mountDialogue()
    await composer(el)
    await sendQuestion({ prompt: '图里是什么零件？', images: [PIXEL] })
    await waitUntil(() => $$(el, '[data-testid="answer"][data-status="done"]').length === 1, 'answer not done')
    expect($(el, '[data-testid="question"] img')?.getAttribute('src'), 'the image shows in the question').to.equal(PIXEL)
    expect(nth(server().completionBodies, 0, 'completion').images).to.deep.equal([PIXEL])

    const stored = JSON.parse(localStorage.getItem(userStorageKey(STORAGE_KEYS.chat))!)
    expect(stored.data.active).to.equal($chatState.get().active)
    expect(stored.data.active).not.to.equal('')
    expect(stored.data.usingContext).to.equal(true)
    expect(stored.data.chat.map((c: { chatNumber: string }) => c.chatNumber)).to.include(stored.data.active)
    expect(stored.expire, 'a cache entry with the 7-day expiry').to.be.a('number')
    const everything = everythingStored()
    expect(everything).not.to.contain('base64')
    expect(everything).not.to.contain('data:image')
    expect(everything, 'answers are not stored').not.to.contain('流式')
  })

  it('keeps chatting when localStorage throws QuotaExceededError', async () => {
    const original = Storage.prototype.setItem
    let refused = 0
    Storage.prototype.setItem = function () {
      refused++
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    try {
      const el = mountDialogue()
      const input = await composer(el)
      await typeInto(input, '存储满了也能聊天吗？')
      keydown(input, { key: 'Enter' })
      await waitUntil(() => $$(el, '[data-testid="answer"][data-status="done"]').length === 1, 'no answer with a full storage')
      await typeInto(input, '再问一个')
      keydown(input, { key: 'Enter' })
      await waitUntil(() => $$(el, '[data-testid="answer"][data-status="done"]').length === 2, 'second question failed')
      expect(refused, 'storage was tried and refused').to.be.greaterThan(0)
      expect($chatState.get().active).to.equal(nth(server().chats, 0, 'chat').chatNumber)
      await waitUntil(() => $(el, '[data-chat-number] .chat-item-title')?.textContent === '存储满了也能聊天吗？', 'chat list not updated')
    } finally {
      Storage.prototype.setItem = original
    }
  })
})
