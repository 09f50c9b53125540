// The text of a chat message as a person reads it. A text message is its
// content; an image message stores a JSON list of items (pictures and the
// words typed with them), and its text is those words, one item a line. A
// list that cannot be read has no text. The browser copies it, the server
// builds model turns, retrieval queries and course topics from it.

/** The words of a message, whatever its content type. */
export function messageText(content: string, contentType: string): string {
  if (contentType !== 'image') return content;
  try {
    const items = JSON.parse(content) as unknown;
    if (!Array.isArray(items)) return '';
    return items
      .map((item: { text?: unknown } | null) => (typeof item?.text === 'string' ? item.text : ''))
      .filter(Boolean)
      .join('\n');
  } catch {
    return '';
  }
}
