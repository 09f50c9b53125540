// How an uploaded text file (accepted by file-types.ts's text check: no NUL
// bytes) is read. Chinese text files are often saved as GBK (older Windows
// Notepad): bytes that are not valid UTF-8 are read as GB18030 (a superset of
// GBK and GB2312). The knowledge library and chat attachments read them alike.
import { isUtf8 } from 'node:buffer';

const withoutBom = (content: Buffer) => (content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf ? content.subarray(3) : content);

export function decodeText(content: Buffer): string {
  const body = withoutBom(content);
  return isUtf8(body) ? body.toString('utf8') : new TextDecoder('gb18030').decode(body);
}

/** The same for the first bytes of a longer file: the cut may split a UTF-8 character, which must not make it read as GB18030. */
export function decodeTextHead(head: Buffer): string {
  const body = withoutBom(head);
  for (let cut = 0; cut <= Math.min(3, body.length); cut++) {
    const whole = body.subarray(0, body.length - cut);
    if (isUtf8(whole)) return whole.toString('utf8');
  }
  return new TextDecoder('gb18030').decode(body);
}
