/// <reference types="mocha" />
// Answers are model output and questions are user input: whatever HTML they
// carry must render inert inside the element's shadow root, streamed or loaded.
import { expect, waitUntil } from '@open-wc/testing'
import { $chatState } from '../../../src/stores/chat'
import { $$, composer, keydown, mountDialogue, typeInto, useFakeChatServer } from './mount'
import { chatRecord, messageRecord } from './fake-chat-server'

const PAYLOADS = [
  '<script>window.__zxXss = "script"</script>\n\n',
  '<img src="x" onerror="window.__zxXss = \'img\'">\n\n',
  "[点我](javascript:window.__zxXss='link')\n\n",
  '<a href="javascript:window.__zxXss=\'anchor\'">链接</a>\n\n',
  '<svg onload="window.__zxXss = \'svg\'"><circle r="4"/></svg>\n\n',
  '<iframe src="javascript:window.parent.__zxXss=\'iframe\'"></iframe>\n\n',
  '<div style="position:fixed;inset:0" onclick="window.__zxXss=\'click\'">覆盖</div>\n\n',
  '<form action="https://evil.example"><input name="password"></form>\n\n',
]

declare global {
  interface Window {
    __zxXss?: string
  }
}

function expectInert(root: ShadowRoot): void {
  expect(root.querySelectorAll('script, iframe, form, object, embed'), 'dangerous elements').to.have.length(0)
  for (const element of root.querySelectorAll('.zx-md *')) {
    for (const attribute of element.attributes) {
      expect(attribute.name.startsWith('on'), `${element.tagName} has ${attribute.name}`).to.equal(false)
      expect(attribute.name, `${element.tagName} carries a style`).not.to.equal('style')
    }
    const href = element.getAttribute('href') ?? element.getAttribute('src') ?? ''
    expect(/^\s*javascript:/i.test(href), `${element.tagName} links to ${href}`).to.equal(false)
  }
}

describe('<zx-dialogue> renders hostile HTML inert', () => {
  const server = useFakeChatServer()
  beforeEach(() => delete window.__zxXss)

  it('in a streamed answer and in the question', async () => {
    const el = mountDialogue()
    server().scripts.push({ pieces: PAYLOADS })
    const input = await composer(el)
    const hostileQuestion = '<img src=x onerror="window.__zxXss=\'question\'">问题'
    await typeInto(input, hostileQuestion)
    keydown(input, { key: 'Enter' })
    await waitUntil(() => $$(el, '[data-testid="answer"][data-status="done"]').length === 1, 'answer not done', { timeout: 4000 })
    await new Promise(resolve => setTimeout(resolve, 100)) // let any injected handler run
    expectInert(el.shadowRoot!)
    for (const link of el.shadowRoot!.querySelectorAll<HTMLAnchorElement>('.zx-md a')) link.click()
    expect(window.__zxXss).to.equal(undefined)
    // The question is shown as the text it is.
    expect(el.shadowRoot!.querySelector('[data-testid="question"] .bubble')!.textContent).to.equal(hostileQuestion)
    expect(el.shadowRoot!.querySelector('[data-testid="question"] img')).to.equal(null)
  })

  it('in answers loaded with a chat', async () => {
    server().chats.push(chatRecord({ chatNumber: 'c-xss', title: 'xss' }))
    const question = messageRecord({ role: 'user', conversationId: 'c-xss', content: '看看这个' })
    const answer = messageRecord({
      role: 'assistant',
      conversationId: 'c-xss',
      parentMessageId: question.messageId,
      model: 'stub-a',
      content: PAYLOADS.join(''),
    })
    server().messages.push(question, answer)
    $chatState.setKey('active', 'c-xss')
    const el = mountDialogue()
    await waitUntil(() => el.shadowRoot!.querySelector('[data-testid="answer"] .zx-md'), 'saved answer not shown', { timeout: 4000 })
    await new Promise(resolve => setTimeout(resolve, 100))
    expectInert(el.shadowRoot!)
    expect(window.__zxXss).to.equal(undefined)
  })
})
