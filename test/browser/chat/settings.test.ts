/// <reference types="mocha" />
// Chat settings: an ordinary chat's system message is the user's to change;
// an assistant's or course's chat shows the teacher's instructions read-only
// and saving never sends a rewrite (the server would refuse it).
import { expect, waitUntil } from '@open-wc/testing'
import { $, composer, found, keydown, mountDialogue, typeInto, useFakeChatServer } from './mount'
import { chatRecord } from './fake-chat-server'
import { $chatRecords } from '../../../src/stores/chat'

const DEFAULT = '你是智学平台的 AI 助手。请认真遵循用户的指令，回答准确、有条理，并使用 Markdown 格式。'

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
    await waitUntil(() => field.value === '你是助手。', `the dialog shows "${field.value}"`)
    expect(field.readOnly).to.equal(false)
  })

  it("shows an assistant chat's instructions read-only and saves only the tuning", async () => {
    server().chats.push(chatRecord({ chatNumber: 'tutor', title: '安全助教', assistantId: 'a1', systemMessage: '只回答焊接安全问题。' }))
    const { el, field } = await openSettings('tutor')
    // On a busy machine the dialog may open before the chat's details arrive; it shows them when they do.
    await waitUntil(() => field.value === '只回答焊接安全问题。', `the dialog shows "${field.value}"`)
    expect(field.readOnly).to.equal(true)
    $(el, '[data-testid="save-settings"]')!.click()
    await waitUntil(() => server().fetch.requests.some(r => r.method === 'PUT' && r.url.endsWith('/v1/chat')), 'settings not saved')
    const put = server().fetch.requests.find(r => r.method === 'PUT' && r.url.endsWith('/v1/chat'))!
    expect(JSON.parse(String(put.body))).to.not.have.property('systemMessage')
  })

  it("opened before the chat's details arrive, shows them once they do (not the defaults, which saving would write over the chat's own)", async () => {
    server().chats.push(chatRecord({ chatNumber: 'late', title: '迟到的对话', assistantId: 'a1', systemMessage: '只回答焊接安全问题。' }))
    const el = mountDialogue()
    el.setAttribute('chat-number', 'late')
    await waitUntil(() => $chatRecords.get().late, 'chat details not loaded')
    const details = $chatRecords.get().late!
    // As on a slow network: the header is there, the details are not yet.
    const { late: _late, ...others } = $chatRecords.get()
    $chatRecords.set(others)
    await waitUntil(() => $(el, '[data-testid="open-settings"]'), 'header not shown')
    $(el, '[data-testid="open-settings"]')!.click()
    const field = (await found(el, '[data-testid="system-message"]')) as HTMLTextAreaElement
    const save = $(el, '[data-testid="save-settings"]') as HTMLButtonElement
    expect(field.readOnly && save.disabled, 'nothing to edit or save while the details are on their way').to.equal(true)
    $chatRecords.setKey('late', details)
    await waitUntil(() => field.value === '只回答焊接安全问题。', `the dialog kept "${field.value}"`)
    expect(field.readOnly).to.equal(true)
    expect(save.disabled).to.equal(false)
  })

  it('keeps a system message in its chat: a new chat and a compare chat start from the default', async () => {
    server().chats.push(chatRecord({ chatNumber: 'own', title: '自己的对话', systemMessage: '你是助手。' }))
    const { el, field } = await openSettings('own')
    await waitUntil(() => field.value === '你是助手。')
    await typeInto(field, '只用英语回答。')
    $(el, '[data-testid="save-settings"]')!.click()
    await waitUntil(() => server().fetch.requests.some(r => r.method === 'PUT' && r.url.endsWith('/v1/chat')), 'settings not saved')
    const put = server().fetch.requests.find(r => r.method === 'PUT' && r.url.endsWith('/v1/chat'))!
    expect(JSON.parse(String(put.body)).systemMessage, 'saved on its chat').to.equal('只用英语回答。')

    const created = () => server().fetch.requests.filter(r => r.method === 'POST' && /\/v[12]\/chat$/.test(r.url))
    const askNew = async (question: string) => {
      ;(await found(el, '[data-testid="new-chat"]')).click()
      const input = await composer(el)
      await typeInto(input, question)
      keydown(input, { key: 'Enter' })
    }
    await askNew('新对话的问题')
    await waitUntil(() => created().length === 1, 'no new chat made')
    expect(JSON.parse(String(created()[0]!.body)).systemMessage, 'a new chat').to.equal(DEFAULT)
    await waitUntil(() => !$(el, '[data-testid="stop"]'), 'the answer did not end')

    ;(await found(el, '[data-testid="compare-toggle"]')).click()
    await waitUntil(() => $(el, '[data-testid="compare-toggle"]')!.getAttribute('aria-pressed') === 'true')
    await askNew('对比对话的问题')
    await waitUntil(() => created().length === 2, 'no compare chat made')
    expect(created()[1]!.url).to.match(/\/v2\/chat$/)
    expect(JSON.parse(String(created()[1]!.body)).systemMessage, 'a compare chat').to.equal(DEFAULT)
  })
})
