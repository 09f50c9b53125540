// The labels Chinese rules require on AI-generated content (《人工智能生成合成
// 内容标识办法》, GB 45438-2025): a visible mark and a hidden one in the
// file's metadata. Images get "AI生成" burned into the pixels (./image-mark.ts)
// and an `AIGC` text chunk; videos get the same label as a top-level MP4
// `uuid` box (players skip boxes they do not know) and our player shows the
// mark over the picture.
import { crc32 } from 'node:zlib';

/** The implicit label's fields, as the national standard names them. */
export function aigcLabel(jobId: string): string {
  return JSON.stringify({
    Label: '1',
    ContentProducer: 'zhixue',
    ProduceID: jobId,
    ReservedCode1: '',
    ContentPropagator: 'zhixue',
    PropagateID: jobId,
    ReservedCode2: '',
  });
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG with a `tEXt` chunk `AIGC` holding the label, inserted before IEND. */
export function labelPng(png: Buffer, label: string): Buffer {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  const iend = png.lastIndexOf(Buffer.from('IEND', 'latin1')) - 4;
  if (iend < 8) throw new Error('PNG without IEND');
  const data = Buffer.concat([Buffer.from('AIGC\0', 'latin1'), Buffer.from(label, 'latin1')]);
  const type = Buffer.from('tEXt', 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  type.copy(chunk, 4);
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(Buffer.concat([type, data])) >>> 0, 8 + data.length);
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}

/** Reads the `AIGC` tEXt chunk back (tests, and anyone checking a file). */
export function readPngLabel(png: Buffer): string | null {
  let offset = 8;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    if (type === 'tEXt') {
      const data = png.subarray(offset + 8, offset + 8 + length);
      const zero = data.indexOf(0);
      if (data.toString('latin1', 0, zero) === 'AIGC') return data.toString('latin1', zero + 1);
    }
    offset += 12 + length;
  }
  return null;
}

/** Our own box type for the label: a random UUID, fixed here. */
const AIGC_UUID = Buffer.from('7a6869787565414947434c6162656c31', 'hex');

/** A top-level MP4 `uuid` box carrying the label, to append after the video's own boxes. */
export function mp4LabelBox(label: string): Buffer {
  const payload = Buffer.from(label, 'utf8');
  const box = Buffer.alloc(8 + 16 + payload.length);
  box.writeUInt32BE(box.length, 0);
  box.write('uuid', 4, 'latin1');
  AIGC_UUID.copy(box, 8);
  payload.copy(box, 24);
  return box;
}

/** Finds the label box in an MP4 (top-level boxes only). */
export function readMp4Label(mp4: Buffer): string | null {
  let offset = 0;
  while (offset + 8 <= mp4.length) {
    let size = mp4.readUInt32BE(offset);
    const type = mp4.toString('latin1', offset + 4, offset + 8);
    if (size === 1) size = Number(mp4.readBigUInt64BE(offset + 8));
    if (size === 0) size = mp4.length - offset;
    if (size < 8) return null;
    if (type === 'uuid' && mp4.subarray(offset + 8, offset + 24).equals(AIGC_UUID)) return mp4.toString('utf8', offset + 24, offset + size);
    offset += size;
  }
  return null;
}
