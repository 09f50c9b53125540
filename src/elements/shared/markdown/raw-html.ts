/**
 * Raw HTML in answers and question stems: the tags that format text stay
 * markup, every other tag shows as the text it was written as. Answers and
 * IT course material name tags in prose (`<style> 标签放 CSS`, `<textarea>`,
 * `List<String>`); left as markup, the sanitizer would drop a <style> or a
 * <textarea> with all that follows, and an unknown <String> with its name.
 * This is cmark-gfm's disallowed-raw-HTML rule (tagfilter), widened from its
 * nine tags to everything not listed here. DOMPurify still runs last
 * (sanitize.ts): this decides only what shows as text, never what is safe.
 */

/** Tags an answer may write as HTML: formatting, structure, links and images. */
const ALLOWED = new Set([
  'a',
  'abbr',
  'article',
  'aside',
  'b',
  'bdi',
  'bdo',
  'big',
  'blockquote',
  'br',
  'caption',
  'center',
  'cite',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'details',
  'dfn',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  // Not h1: the page holds the one <h1> (an answer's <h1> shows as text; markdown's # heading is an h1 inside the answer's own region).
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  'rp',
  'rt',
  'ruby',
  's',
  'samp',
  'section',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'tt',
  'u',
  'ul',
  'var',
  'wbr',
])

/** A start or end tag's name (and, not consumed, its attributes); or `<!` (not a comment) and `<?`, which the HTML parser would swallow whole. */
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]*)(?=[\s/>]|$)(?=([^>]*))|<(?=[!?])(?!!--)/g

/** Would this tag show? `<img>` without a source shows nothing, so it is text too. */
function shows(name: string, rest: string, closing: boolean): boolean {
  const tag = name.toLowerCase()
  if (!ALLOWED.has(tag)) return false
  return closing || tag !== 'img' || /\ssrc\s*=/i.test(rest)
}

/** `html` with the `<` of every tag that would not show as markup escaped, so the tag reads as text. */
export function showUnknownTagsAsText(html: string): string {
  return html.replace(TAG, (match: string, slash?: string, name?: string, rest = '') =>
    name !== undefined && shows(name, rest, slash === '/') ? match : `&lt;${match.slice(1)}`,
  )
}

/** Does this raw HTML begin with a comment or a tag that shows as markup (so it may be an HTML block)? */
export function startsWithShownTag(raw: string): boolean {
  const html = raw.trimStart()
  if (html.startsWith('<!--')) return true
  const tag = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)([^>]*)/.exec(html)
  return tag !== null && shows(tag[2] ?? '', tag[3] ?? '', tag[1] === '/')
}
