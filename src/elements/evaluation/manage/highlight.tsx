/**
 * The student's answer with the evidence quotes marked, so a teacher sees at
 * once which words the AI relied on. Quotes are exact excerpts (the server
 * keeps only those); overlapping ones merge. Text only: React escapes it.
 */
export function HighlightedAnswer({ text, quotes }: { text: string; quotes: string[] }) {
  const marks: Array<[number, number]> = []
  for (const quote of quotes) {
    if (!quote) continue
    for (let at = text.indexOf(quote); at >= 0; at = text.indexOf(quote, at + quote.length)) marks.push([at, at + quote.length])
  }
  marks.sort((a, b) => a[0] - b[0])
  const parts: Array<{ text: string; marked: boolean }> = []
  let cursor = 0
  for (const [start, end] of marks) {
    if (end <= cursor) continue
    const from = Math.max(start, cursor)
    if (from > cursor) parts.push({ text: text.slice(cursor, from), marked: false })
    parts.push({ text: text.slice(from, end), marked: true })
    cursor = end
  }
  if (cursor < text.length) parts.push({ text: text.slice(cursor), marked: false })
  return (
    <p className="student-answer" data-testid="student-answer">
      {parts.map((part, i) => (part.marked ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
    </p>
  )
}
