/// <reference types="mocha" />
// An image model's answer (SPEC §3 image message): the pictures it made show
// in the chat from the signed links the server gave; anything else an item
// might carry (another site's address, a script URL) is not loaded. Image
// models are offered for a chat but never for comparing.
import { expect, waitUntil } from '@open-wc/testing'
import { $chatState } from '../../../src/stores/chat'
import { $$, mountDialogue, useFakeChatServer } from './mount'
import { chatRecord, messageRecord } from './fake-chat-server'

const OWN = '/new-chat/app/api/file/f-1?access=u1.t1.1790000000000.c2lnbmF0dXJl'

describe('<zx-dialogue> image answers', () => {
  const server = useFakeChatServer()

  it('shows the pictures of a loaded image answer, and only links to this server’s files', async () => {
    server().catalogue.models.push({ name: 'stub-image', label: 'Stub Image', versions: [], vision: false, builtin: false, kind: 'image' })
    server().chats.push(chatRecord({ chatNumber: 'c-img', title: '图', model: 'stub-image' }))
    const question = messageRecord({ role: 'user', conversationId: 'c-img', content: '细胞结构示意图' })
    const answer = messageRecord({
      role: 'assistant',
      conversationId: 'c-img',
      parentMessageId: question.messageId,
      model: 'stub-image',
      contentType: 'image',
      content: JSON.stringify([
        { b64Image: OWN, fileId: 'f-1', mime: 'image/png' },
        { b64Image: 'https://evil.example/track.png' },
        { b64Image: 'javascript:alert(1)' },
      ]),
    })
    server().messages.push(question, answer)
    $chatState.setKey('active', 'c-img')
    const el = mountDialogue()
    await waitUntil(() => $$(el, '[data-testid="answer-images"] img').length > 0, 'image answer not shown', { timeout: 4000 })
    const images = $$(el, '[data-testid="answer-images"] img') as HTMLImageElement[]
    expect(images.map(img => img.getAttribute('src'))).to.deep.equal([OWN])
    expect(el.shadowRoot!.querySelector('[data-testid="answer"] .zx-md'), 'no text body for an image answer').to.equal(null)
  })
})
