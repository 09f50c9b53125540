/// <reference types="mocha" />
// Enter sends, Shift+Enter breaks the line, and the Enter that confirms a
// word in an input method never sends.
import { expect, waitUntil } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import { shouldSend } from '../../../src/elements/chat/enter-key'
import { composer, keydown, mountDialogue, nextFrame, typeInto, useFakeChatServer } from './mount'

describe('<zx-dialogue> composer keys', () => {
  const server = useFakeChatServer()

  const sentPrompts = () => server().completionBodies.map(body => body.prompt)

  it('sends on Enter and clears the composer', async () => {
    const el = mountDialogue()
    const input = await composer(el)
    input.focus()
    await sendKeys({ type: '数控车床是什么' })
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => sentPrompts().length === 1, 'Enter did not send')
    expect(sentPrompts()).to.deep.equal(['数控车床是什么'])
    expect(input.value).to.equal('')
  })

  it('inserts a newline on Shift+Enter without sending', async () => {
    const el = mountDialogue()
    const input = await composer(el)
    input.focus()
    await sendKeys({ type: '第一行' })
    await sendKeys({ down: 'Shift' })
    await sendKeys({ press: 'Enter' })
    await sendKeys({ up: 'Shift' })
    await sendKeys({ type: '第二行' })
    await nextFrame()
    expect(input.value).to.equal('第一行\n第二行')
    expect(sentPrompts()).to.deep.equal([])
    await sendKeys({ press: 'Enter' })
    await waitUntil(() => sentPrompts().length === 1)
    expect(sentPrompts()).to.deep.equal(['第一行\n第二行'])
  })

  it('never sends on the Enter that confirms an IME composition', async () => {
    const el = mountDialogue()
    const input = await composer(el)
    input.focus()
    input.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true, data: '' }))
    await typeInto(input, 'shu kong')
    // Chrome and Firefox: the confirming keydown says isComposing.
    const confirm = keydown(input, { key: 'Enter', isComposing: true })
    // Some engines report nothing but the composition being open.
    const plain = keydown(input, { key: 'Enter' })
    await typeInto(input, '数控')
    input.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: '数控' }))
    // Safari and Android keyboards: keyCode 229 after compositionend.
    const late = keydown(input, { key: 'Enter', keyCode: 229 } as KeyboardEventInit)
    await nextFrame()
    expect(confirm.defaultPrevented || plain.defaultPrevented || late.defaultPrevented, 'an IME Enter was taken as send').to.equal(false)
    expect(sentPrompts()).to.deep.equal([])
    expect(input.value).to.equal('数控')

    // Composition over: a plain Enter sends the word.
    keydown(input, { key: 'Enter' })
    await waitUntil(() => sentPrompts().length === 1, 'Enter after the composition did not send')
    expect(sentPrompts()).to.deep.equal(['数控'])
  })

  it('decides from the key event alone as the composer does', () => {
    expect(shouldSend({ key: 'Enter', shiftKey: false }, false)).to.equal(true)
    expect(shouldSend({ key: 'Enter', shiftKey: true }, false)).to.equal(false)
    expect(shouldSend({ key: 'Enter', shiftKey: false, isComposing: true }, false)).to.equal(false)
    expect(shouldSend({ key: 'Enter', shiftKey: false, keyCode: 229 }, false)).to.equal(false)
    expect(shouldSend({ key: 'Enter', shiftKey: false }, true)).to.equal(false)
    expect(shouldSend({ key: 'a', shiftKey: false }, false)).to.equal(false)
  })
})
