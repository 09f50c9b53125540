/// <reference types="mocha" />
// Chat settings: an ordinary chat's system message is the user's to change;
// an assistant's or course's chat shows the teacher's instructions read-only
// and saving never sends a rewrite (the server would refuse it).
import { expect, waitUntil } from '@open-wc/testing'
import { $, found, mountDialogue, useFakeChatServer } from './mount'
import { chatRecord } from './fake-chat-server'

describe('<zx-dialogue> settings', () => {
  const server = useFakeChatServer()

  async function openSettings(chatNumber: string) {
    const el = mountDialogue()
    el.setAttribute('chat-number', chatNumber)
    await waitUntil(() => $(el, '[data-testid="open-settings"]'), 'header not shown')
    await waitUntil(() => $(el, `[data-chat-number="${chatNumber}"]`), 'chat not listed')
    $(el, '[data-testid="open-settings"]')!.click()
    const field = (await found(el, '[data-testid="system-message"]')) as HTMLTextAreaElement
    return { el, field }
  }

  it('lets the user edit the system message of an ordinary chat', async () => {
    server().chats.push(chatRecord({ chatNumber: 'own', title: '自己的对话', systemMessage: '你是助手。' }))
    const { field } = await openSettings('own')
    expect(field.readOnly).to.equal(false)
  })

  it("shows an assistant chat's instructions read-only and saves only the tuning", async () => {
    server().chats.push(chatRecord({ chatNumber: 'tutor', title: '安全助教', assistantId: 'a1', systemMessage: '只回答焊接安全问题。' }))
    const { el, field } = await openSettings('tutor')
    expect(field.readOnly).to.equal(true)
    expect(field.value).to.equal('只回答焊接安全问题。')
    $(el, '[data-testid="save-settings"]')!.click()
    await waitUntil(() => server().fetch.requests.some(r => r.method === 'PUT' && r.url.endsWith('/v1/chat')), 'settings not saved')
    const put = server().fetch.requests.find(r => r.method === 'PUT' && r.url.endsWith('/v1/chat'))!
    expect(JSON.parse(String(put.body))).to.not.have.property('systemMessage')
  })
})
