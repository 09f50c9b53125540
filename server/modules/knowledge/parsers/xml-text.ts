// Reading text runs out of Office Open XML. The slide schema is regular:
// text lives only in <a:t> elements, paragraphs end with </a:p>, and element
// content is escaped XML, so a tag scan is exact here without a DOM.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/giu, (_, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? '';
  });
}

/** The text of DrawingML runs (<a:t>), one line per paragraph (<a:p>). */
export function drawingMlText(xml: string): string {
  const lines: string[] = [];
  let line = '';
  for (const match of xml.matchAll(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>|<\/a:p>|<a:br\s*\/>/gu)) {
    if (match[1] !== undefined) line += decodeXmlEntities(match[1]);
    else {
      if (line.trim()) lines.push(line);
      line = '';
    }
  }
  if (line.trim()) lines.push(line);
  return lines.join('\n');
}
