/// <reference types="mocha" />
// The chat list: pinned on top, search, rename in place, delete after a
// confirm, new chat; the element tells the page which chat is open.
import { expect, oneEvent, waitUntil } from '@open-wc/testing'
import type { Chat } from '../../../src/api/chat'
import { $, $$, composer, found, keydown, mountDialogue, typeInto, useFakeChatServer } from './mount'
import { chatRecord, messageRecord } from './fake-chat-server'
import { envelope } from '../support/fake-fetch'
import { nth } from '../support/nth'

const chat = (chatNumber: string, title: string, updateTime: number, pinned = false): Chat => chatRecord({ chatNumber, title, updateTime, pinned })

describe('<zx-dialogue> chat list', () => {
  const server = useFakeChatServer()
  beforeEach(() => {
    server().chats.push(chat('c1', '数控编程', 300), chat('c2', '电工基础', 200, true), chat('c3', '机械制图', 100))
    server().messages.push(messageRecord({ role: 'user', conversationId: 'c3', content: '制图的三视图是什么？' }))
  })

  const titles = (el: HTMLElement) => $$(el, '.chat-item-title').map(node => node.textContent)

  it('lists pinned chats first, opens a chat and reports it with zx:chat-change', async () => {
    const el = mountDialogue()
    await waitUntil(() => titles(el).length === 3, 'chats not listed')
    expect(titles(el)).to.deep.equal(['电工基础', '数控编程', '机械制图'])
    expect($(el, '[data-testid="pinned-chats"]')!.textContent).to.contain('电工基础')

    const change = oneEvent(el, 'zx:chat-change')
    ;($(el, '[data-chat-number="c3"] .chat-item-open') as HTMLElement).click()
    const event = (await change) as CustomEvent<{ chatNumber: string }>
    expect(event.detail.chatNumber).to.equal('c3')
    expect(event.composed && event.bubbles).to.equal(true)
    await waitUntil(() => $(el, '[data-testid="question"] .bubble')?.textContent === '制图的三视图是什么？', 'messages of the chat not shown')
    expect($(el, '[data-chat-number="c3"]')!.getAttribute('aria-current')).to.equal('true')
  })

  it('opens the chat named by the chat-number attribute and follows its changes', async () => {
    const el = mountDialogue()
    el.setAttribute('chat-number', 'c3')
    await waitUntil(() => $(el, '[data-testid="question"]'), 'chat-number not opened')
    el.setAttribute('chat-number', 'c1')
    await waitUntil(() => $(el, '[data-testid="welcome"]'), 'an empty chat shows the welcome')
  })

  it('pins, renames in place and deletes after a confirm', async () => {
    const el = mountDialogue()
    await waitUntil(() => titles(el).length === 3)
    ;($(el, '[data-chat-number="c3"] [data-testid="chat-pin"]') as HTMLElement).click()
    await waitUntil(() => titles(el)[0] === '机械制图', 'pinned chat not on top')
    expect(server().fetch.requests.some(r => r.url.endsWith('/v1/chat/top/add'))).to.equal(true)

    ;($(el, '[data-chat-number="c1"] [data-testid="chat-rename"]') as HTMLElement).click()
    const field = (await found(el, '[data-testid="chat-rename-input"]')) as HTMLInputElement
    await typeInto(field, '数控编程入门')
    keydown(field, { key: 'Enter' })
    await waitUntil(() => titles(el).includes('数控编程入门'), 'rename not shown')
    expect(server().chats.find(c => c.chatNumber === 'c1')!.title).to.equal('数控编程入门')

    ;($(el, '[data-chat-number="c2"] [data-testid="chat-delete"]') as HTMLElement).click()
    const confirm = await found(el, '[data-testid="confirm"]')
    expect(titles(el)).to.include('电工基础')
    confirm.click()
    await waitUntil(() => !titles(el).includes('电工基础'), 'deleted chat still listed')
    expect(server().fetch.requests.some(r => r.method === 'DELETE' && /\/new-chat\/v1\/chat\/c2$/.test(r.url))).to.equal(true)
  })

  it('searches titles on the server and starts a new chat', async () => {
    const el = mountDialogue()
    await waitUntil(() => titles(el).length === 3)
    await typeInto($(el, '[data-testid="chat-search"]') as HTMLInputElement, '制图')
    await waitUntil(() => server().fetch.requests.some(r => r.url.includes('title=')), 'no search request')
    const searched = server().fetch.requests.find(r => r.url.includes('title='))!
    expect(new URL(searched.url, location.origin).searchParams.get('title')).to.equal('制图')

    ;(await found(el, '[data-testid="new-chat"]')).click()
    await found(el, '[data-testid="welcome"]')
    const input = await composer(el)
    await typeInto(input, '新的问题')
    keydown(input, { key: 'Enter' })
    await waitUntil(() => server().completionBodies.length === 1, 'the first question was not sent')
    expect(server().chats).to.have.length(4)
    expect(nth(server().completionBodies, 0, 'completion').conversationId).to.equal(nth(server().chats, 0, 'chat').chatNumber)
  })

  it('a question refused before any answer leaves no empty new chat behind, and keeps its text', async () => {
    const behind = window.fetch
    window.fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      if (url.includes('/chat/completions')) return envelope(500, null, '模型服务不可用')
      return behind(input, init)
    }
    try {
      const el = mountDialogue()
      await waitUntil(() => titles(el).length === 3)
      const input = await composer(el)
      await typeInto(input, '会失败的问题')
      keydown(input, { key: 'Enter' })
      await waitUntil(() => server().fetch.requests.some(r => r.method === 'POST' && /\/v1\/chat$/.test(r.url)), 'no chat was created')
      await waitUntil(() => server().chats.length === 3, 'the empty chat stayed on the server')
      await waitUntil(() => titles(el).length === 3, 'the empty chat stayed in the list')
      expect(titles(el)).to.deep.equal(['电工基础', '数控编程', '机械制图'])
      expect(input.value).to.equal('会失败的问题')
    } finally {
      window.fetch = behind
    }
  })
})
