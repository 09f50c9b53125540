/// <reference types="mocha" />
// AI-generated text leaving the page carries the explicit label in the
// reader's language, and files carry the implicit one in their metadata.
import { expect } from '@open-wc/testing'
import { AIGC_METADATA, labelledMarkdown, labelledPng, labelledSvg, labelledText } from '../../../src/elements/shared/ai-label'

/** The text of the PNG's `AIGC` tEXt chunk, read as any PNG reader would (chunk by chunk, checking the CRC's place). */
function pngLabel(bytes: Uint8Array): string | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset)
  for (let at = 8; at + 12 <= bytes.length;) {
    const length = view.getUint32(at)
    const type = new TextDecoder().decode(bytes.subarray(at + 4, at + 8))
    const data = bytes.subarray(at + 8, at + 8 + length)
    if (type === 'tEXt') {
      const text = new TextDecoder().decode(data)
      if (text.startsWith('AIGC\0')) return text.slice(5)
    }
    at += 12 + length
  }
  return null
}

async function onePixelPng(): Promise<Blob> {
  const canvas = document.createElement('canvas')
  canvas.width = canvas.height = 1
  return new Promise(resolve => canvas.toBlob(blob => resolve(blob!), 'image/png'))
}

describe('AI-content labels on text', () => {
  it('labels copied text in the reader’s language', () => {
    expect(labelledText('答案', 'zh-CN')).to.equal('答案\n\n[人工智能生成]')
    expect(labelledText('Answer', 'en-US')).to.contain('AI-generated')
    expect(labelledText('답', 'ko-KR')).to.contain('AI 생성')
  })

  it('labels a Markdown export visibly and in a metadata comment', () => {
    const md = labelledMarkdown('# 液压传动\n## 组成', 'zh-TW')
    expect(md.startsWith(`<!-- AIGC ${AIGC_METADATA} -->`)).to.equal(true)
    expect(md.trimEnd().endsWith('> 人工智慧生成')).to.equal(true)
  })

  it('labels an SVG export with drawn text and metadata, still a valid SVG', () => {
    const svg = labelledSvg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><g></g></svg>', 'ru-RU')
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml')
    expect(doc.querySelector('parsererror')).to.equal(null)
    expect(doc.querySelector('text')!.textContent).to.equal('Создано ИИ')
    expect(JSON.parse(doc.querySelector('metadata')!.textContent!).Label).to.equal('1')
  })

  it('puts the metadata in a PNG a browser still decodes', async () => {
    const png = await labelledPng(await onePixelPng())
    expect(JSON.parse(pngLabel(new Uint8Array(await png.arrayBuffer()))!).ContentProducer).to.equal('zhixue')
    const image = new Image()
    image.src = URL.createObjectURL(png)
    await image.decode()
    expect(image.width).to.equal(1)
  })
})
