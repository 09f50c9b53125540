/// <reference types="mocha" />
// A 375px phone: the chat list is a drawer and nothing overflows sideways.
// A chat of 1,000 messages renders with off-screen rows skipped.
import { expect, waitUntil } from '@open-wc/testing'
import { $chatState } from '../../../src/stores/chat'
import { $, $$, composer, found, keydown, mountDialogue, typeInto, useFakeChatServer } from './mount'
import { chatRecord, messageRecord } from './fake-chat-server'
import { nth } from '../support/nth'

describe('<zx-dialogue> layout', () => {
  const server = useFakeChatServer()

  it('works 375px wide: the chat list is a drawer and nothing overflows', async () => {
    const el = mountDialogue(375)
    await composer(el)
    const slot = $(el, '.sidebar-slot')!
    await waitUntil(() => slot.hasAttribute('inert'), 'the list is not a drawer at 375px')
    expect(slot.getBoundingClientRect().right, 'closed drawer off screen').to.be.at.most(el.getBoundingClientRect().left + 1)
    const main = $(el, '.main')!
    expect(main.scrollWidth).to.be.at.most(main.clientWidth)
    expect($(el, '[data-testid="composer"]')!.getBoundingClientRect().width).to.be.at.most(375)

    ;(await found(el, '[data-testid="open-chat-list"]')).click()
    await waitUntil(() => !slot.hasAttribute('inert'), 'drawer did not open')
    // (Geometry is left alone here: a background test tab may not run the slide-in transition.)
    expect($(el, '.dialogue')!.hasAttribute('data-drawer-open')).to.equal(true)
    ;(await found(el, '.scrim')).click()
    await waitUntil(() => slot.hasAttribute('inert'), 'drawer did not close')
  })

  it('opens a 1,000-message chat at the newest rows and brings in earlier ones while scrolling up', async function () {
    // Bringing in 1,000 rows takes a few seconds on a quiet machine and many
    // times that on a busy 2-core one: the deadline is generous, the check exact.
    this.timeout(90_000)
    server().chats.push(chatRecord({ chatNumber: 'long', title: '长对话' }))
    let parent: string | null = null
    for (let i = 0; i < 500; i++) {
      const question = messageRecord({ role: 'user', conversationId: 'long', parentMessageId: parent, content: `问题 ${i}` })
      const answer = messageRecord({
        role: 'assistant',
        conversationId: 'long',
        parentMessageId: question.messageId,
        model: 'stub-a',
        content: `第 ${i} 个回答\n\n- 要点一\n- 要点二`,
      })
      server().messages.push(question, answer)
      parent = answer.messageId
    }
    $chatState.setKey('active', 'long')
    const el = mountDialogue()
    await waitUntil(() => $$(el, '[data-testid="question"] .bubble').some(b => b.textContent === '问题 499'), 'newest message not shown', { timeout: 5000 })
    const rows = $$(el, '.turn')
    expect(rows.length, 'only the newest rows are rendered at first').to.be.within(10, 100)
    expect(getComputedStyle(nth(rows, 0, 'row')).contentVisibility).to.equal('auto')
    const scroller = $(el, '[data-testid="messages"]')!
    await waitUntil(() => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 80, 'not scrolled to the newest message')

    // Scrolling up keeps bringing earlier rows until the first question is there.
    await waitUntil(
      () => {
        scroller.scrollTop = 0
        scroller.dispatchEvent(new Event('scroll'))
        return $$(el, '[data-testid="question"] .bubble').some(b => b.textContent === '问题 0')
      },
      'earlier rows never came in',
      { timeout: 80_000, interval: 50 },
    )
    expect($$(el, '.turn')).to.have.length(1000)
  })

  it('follows a streaming answer only while the reader is at the bottom', async () => {
    const el = mountDialogue()
    server().scripts.push({ pieces: [], hold: true })
    const input = await composer(el)
    await typeInto(input, '写一篇很长的文章')
    keydown(input, { key: 'Enter' })
    await waitUntil(() => server().streams.length === 1)
    const stream = nth(server().streams, 0, 'stream')
    const scroller = $(el, '[data-testid="messages"]')!
    const gap = () => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight
    for (let i = 1; i <= 40; i++) stream.delta(`第 ${i} 段：数控加工的要点。\n\n`)
    await waitUntil(() => scroller.scrollHeight > scroller.clientHeight * 2 && gap() < 80, 'did not follow the stream', { timeout: 4000 }).catch(error => {
      throw new Error(
        `${error.message}: height ${scroller.scrollHeight}, view ${scroller.clientHeight}, gap ${gap()}, text ${answerText(el).length}, jump ${!!$(el, '[data-testid="scroll-to-bottom"]')}`,
      )
    })

    // The reader scrolls up to read: the view stays where they are.
    scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -500, bubbles: true }))
    scroller.scrollTop = 0
    // Scroll events come with rendering, which a background test tab does not get: send it.
    scroller.dispatchEvent(new Event('scroll'))
    await waitUntil(() => $(el, '[data-testid="scroll-to-bottom"]'), 'no way back to the bottom')
    for (let i = 41; i <= 60; i++) stream.delta(`第 ${i} 段。\n\n`)
    await waitUntil(() => (answerText(el).match(/第 60 段/) ? true : false), 'later deltas not shown')
    expect(scroller.scrollTop, 'the view jumped while the reader was reading').to.be.below(50)

    // The button goes back down (smoothly, which a background tab may not animate) and following resumes.
    $(el, '[data-testid="scroll-to-bottom"]')!.click()
    await waitUntil(() => !$(el, '[data-testid="scroll-to-bottom"]'), 'the button stayed')
    stream.delta('最后一段。')
    await waitUntil(() => gap() < 80, 'following did not resume')
    stream.finish()
  })
})

function answerText(el: HTMLElement): string {
  return $$(el, '[data-testid="answer"] .zx-md')
    .map(node => node.textContent)
    .join('')
}
