// Labels on AI-generated text leaving the page (copied, exported), as the
// rules on labelling AI-generated content ask (GB 45438-2025): the explicit
// label a reader sees, and the implicit one in the file's metadata, with the
// fields the standard names (the server's images and videos carry the same:
// server/modules/generations/aigc-label.ts).
import { aiLabel } from '../../i18n/shared/ai-label'

/** The implicit label's fields. */
export const AIGC_METADATA = JSON.stringify({
  Label: '1',
  ContentProducer: 'zhixue',
  ProduceID: '',
  ReservedCode1: '',
  ContentPropagator: 'zhixue',
  PropagateID: '',
  ReservedCode2: '',
})

/** Text to copy: the label on a line after it. */
export function labelledText(text: string, locale: string): string {
  return `${text.trimEnd()}\n\n[${aiLabel(locale)}]`
}

/** A Markdown export: the label visible at the end, the metadata in a comment at the top. */
export function labelledMarkdown(markdown: string, locale: string): string {
  return `<!-- AIGC ${AIGC_METADATA} -->\n${markdown.trimEnd()}\n\n> ${aiLabel(locale)}\n`
}

const escapeXml = (text: string) => text.replace(/[<>&"]/g, c => `&#${c.charCodeAt(0)};`)

/** An SVG export: the label drawn in its lower right corner and the metadata in `<metadata>`. */
export function labelledSvg(svg: string, locale: string): string {
  const box = /viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"/.exec(svg)
  const [x, y, width, height] = box ? box.slice(1).map(Number) : [0, 0, 800, 600]
  const mark =
    `<metadata id="AIGC">${escapeXml(AIGC_METADATA)}</metadata>` +
    `<text x="${x! + width! - 8}" y="${y! + height! - 8}" text-anchor="end" font-size="12" fill="#555">${escapeXml(aiLabel(locale))}</text>`
  return svg.replace(/<\/svg>\s*$/, `${mark}</svg>`)
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/** A PNG export with the metadata as an `AIGC` tEXt chunk before IEND (as the server labels its images). */
export async function labelledPng(png: Blob): Promise<Blob> {
  const bytes = new Uint8Array(await png.arrayBuffer())
  const data = new TextEncoder().encode(`AIGC\0${AIGC_METADATA}`)
  const chunk = new Uint8Array(12 + data.length)
  const view = new DataView(chunk.buffer)
  view.setUint32(0, data.length)
  chunk.set(new TextEncoder().encode('tEXt'), 4)
  chunk.set(data, 8)
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)))
  const iend = bytes.length - 12
  return new Blob([bytes.subarray(0, iend), chunk, bytes.subarray(iend)], { type: 'image/png' })
}
