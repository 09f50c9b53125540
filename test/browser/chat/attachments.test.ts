/// <reference types="mocha" />
// Images for vision models (scaled down in the browser, sent as data URLs),
// files uploaded and sent by id, and references opening their passage.
import { expect, waitUntil } from '@open-wc/testing'
import { fitScale } from '../../../src/elements/chat/downscale-image'
import { $, $$, composer, found, keydown, mountDialogue, typeInto, useFakeChatServer } from './mount'
import { nth } from '../support/nth'

async function pngFile(width: number, height: number, name = 'photo.png'): Promise<File> {
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')!
  context.fillStyle = '#32c5ff'
  context.fillRect(0, 0, width, height)
  // toDataURL, not toBlob: a background test tab may never run toBlob's callback (and fetch is the fake server's).
  const bytes = Uint8Array.from(atob(canvas.toDataURL('image/png').split(',')[1] ?? ''), c => c.charCodeAt(0))
  return new File([bytes], name, { type: 'image/png' })
}

function choose(input: HTMLInputElement, files: File[]): void {
  const transfer = new DataTransfer()
  files.forEach(file => transfer.items.add(file))
  input.files = transfer.files
  input.dispatchEvent(new Event('change', { bubbles: true }))
}

async function imageSize(src: string): Promise<{ width: number; height: number }> {
  const image = new Image()
  await new Promise((resolve, reject) => {
    image.onload = resolve
    image.onerror = reject
    image.src = src
  })
  return { width: image.naturalWidth, height: image.naturalHeight }
}

describe('<zx-dialogue> attachments and references', () => {
  const server = useFakeChatServer()

  it('scales a large image down to 2048 px and sends it with the question', async function () {
    this.timeout(15_000)
    const el = mountDialogue()
    const input = await composer(el)
    const picker = el.shadowRoot!.querySelector<HTMLInputElement>('input[type="file"][accept^="image"]')!
    choose(picker, [await pngFile(4000, 1000)])
    await waitUntil(() => $(el, '.attachment-image img'), 'no thumbnail', { timeout: 8000 })
    await typeInto(input, '这是什么零件？')
    keydown(input, { key: 'Enter' })
    await waitUntil(() => server().completionBodies.length === 1, 'not sent')
    const image = nth(nth(server().completionBodies, 0, 'completion').images as string[], 0, 'image')
    expect(image).to.match(/^data:image\/png;base64,/)
    expect(await imageSize(image)).to.deep.equal({ width: 2048, height: 512 })
    await waitUntil(() => $(el, '[data-testid="question"] img'), 'image not shown in the question')
    expect($(el, '.attachment-image'), 'composer cleared').to.equal(null)
    expect(fitScale(1000, 800)).to.equal(1)
  })

  it('offers images only for vision models', async () => {
    const el = mountDialogue()
    await composer(el)
    expect($(el, '[data-testid="attach-image"]'), 'stub-a reads images').to.exist
    ;(await found(el, '[data-testid="model-picker"]')).click()
    ;(await found(el, '[data-model="stub-b"] [data-testid="model-option"]')).click()
    await waitUntil(() => !$(el, '[data-testid="attach-image"]'), 'image button shown for a text-only model')
  })

  it('uploads a file and sends its id', async () => {
    const el = mountDialogue()
    const input = await composer(el)
    const picker = el.shadowRoot!.querySelector<HTMLInputElement>('input[type="file"]:not([accept])')!
    choose(picker, [new File(['实训安全守则'], '守则.txt', { type: 'text/plain' })])
    await waitUntil(() => $(el, '.attachment-file:not([data-uploading])'), 'upload not finished')
    await typeInto(input, '总结这个文件')
    keydown(input, { key: 'Enter' })
    await waitUntil(() => server().completionBodies.length === 1)
    expect(nth(server().completionBodies, 0, 'completion').files).to.have.length(1)
    expect(server().fetch.requests.some(r => r.url.endsWith('/app/api/file/upload') && r.body instanceof FormData)).to.equal(true)
  })

  it('lists references and opens the passage an answer quotes', async () => {
    const el = mountDialogue()
    server().scripts.push({
      pieces: ['见教材第三章。'],
      reference: JSON.stringify([
        { documentId: 'd1', documentName: '数控车床操作规程.pdf', chunkId: 'k1', passage: '开机前检查润滑油位，确认卡盘夹紧。', score: 0.82 },
      ]),
    })
    const input = await composer(el)
    await typeInto(input, '开机前要检查什么？')
    keydown(input, { key: 'Enter' })
    const reference = await found(el, '[data-testid="reference"]')
    expect(reference.textContent).to.contain('数控车床操作规程.pdf')
    reference.click()
    const dialog = await found(el, '[data-testid="reference-dialog"]')
    expect(dialog.getAttribute('heading')).to.equal('数控车床操作规程.pdf')
    expect(dialog.querySelector('.passage')!.textContent).to.equal('开机前检查润滑油位，确认卡盘夹紧。')
    expect(dialog.textContent).to.contain('相关度 82%')
    expect($$(el, '[data-testid="reference"]')).to.have.length(1)
  })
})
