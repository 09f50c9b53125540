/**
 * The mind map as a tree, read from and written to its markdown outline
 * (docs/api/mindmaps.md): `# root`, `## branch`, then `- items` indented two
 * spaces a level. A node's trailing `[§](href "excerpt")` is its source
 * passage. Shared by the editor (React) and the small viewer (lit): no
 * framework here.
 */

export interface MapNode {
  id: string
  /** Inline markdown of the node, without its source link. */
  text: string
  source?: { href: string; excerpt: string }
  collapsed?: boolean
  children: MapNode[]
}

const HEADING = /^(#{1,6})\s+(.*)$/
const LIST_ITEM = /^(\s*)(?:[-*+]|\d{1,3}[.)])\s+(.*)$/
const SOURCE = /\s*\[§\]\(([^()\s]*)(?:\s+"([^"]*)")?\)\s*$/

let counter = 0
export function newNodeId(): string {
  counter += 1
  return `n${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

export function makeNode(text: string, children: MapNode[] = []): MapNode {
  const source = SOURCE.exec(text)
  const node: MapNode = { id: newNodeId(), text: source ? text.slice(0, source.index).trim() : text.trim(), children }
  if (source) node.source = { href: source[1]!, excerpt: source[2] ?? '' }
  return node
}

/** Outline markdown to a tree; anything before the first node or not a node line is skipped. */
export function parseOutline(markdown: string, fallbackTitle = ''): MapNode {
  let root: MapNode | undefined
  const stack: MapNode[] = []
  let headingDepth = 0
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.replace(/\t/g, '  ')
    let depth: number
    let text: string
    const heading = HEADING.exec(line)
    const item = heading ? null : LIST_ITEM.exec(line)
    if (heading) {
      depth = heading[1]!.length - 1
      headingDepth = depth
      text = heading[2]!
    } else if (item) {
      depth = headingDepth + 1 + Math.floor(item[1]!.length / 2)
      text = item[2]!
    } else continue
    if (!text.trim()) continue
    const node = makeNode(text)
    if (!root) {
      if (depth === 0) {
        root = node
        stack.push(root)
        continue
      }
      root = makeNode(fallbackTitle || '…')
      stack.push(root)
    }
    const at = Math.max(1, Math.min(depth, stack.length))
    stack.length = at
    stack[at - 1]!.children.push(node)
    stack.push(node)
  }
  return root ?? makeNode(fallbackTitle || '…')
}

function nodeLine(node: MapNode): string {
  const text = node.text.replace(/\s+/g, ' ').trim() || '…'
  const excerpt = node.source?.excerpt.replace(/["()]/g, ' ')
  return node.source ? `${text} [§](${node.source.href} "${excerpt}")` : text
}

/** A tree back to the canonical outline. */
export function serializeOutline(root: MapNode): string {
  const lines: string[] = []
  const walk = (node: MapNode, depth: number) => {
    lines.push(depth <= 1 ? `${'#'.repeat(depth + 1)} ${nodeLine(node)}` : `${'  '.repeat(depth - 2)}- ${nodeLine(node)}`)
    for (const child of node.children) walk(child, depth + 1)
  }
  walk(root, 0)
  return `${lines.join('\n')}\n`
}

/** List lines relative to a node (an AI expansion) to its new children. */
export function parseChildren(markdown: string): MapNode[] {
  return (
    parseOutline(
      `# _\n## _\n${markdown
        .split('\n')
        .map(l => (l.trim() ? `  ${l}` : l))
        .join('\n')}`,
    ).children[0]?.children ?? []
  )
}

export function countNodes(node: MapNode): number {
  return 1 + node.children.reduce((sum, c) => sum + countNodes(c), 0)
}

/** The node and its parent chain, root first; undefined when not in the tree. */
export function pathTo(root: MapNode, id: string): MapNode[] | undefined {
  if (root.id === id) return [root]
  for (const child of root.children) {
    const found = pathTo(child, id)
    if (found) return [root, ...found]
  }
  return undefined
}

/** The node's words without markdown marks (for AI prompts and titles). */
export function plainText(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~]/g, '')
    .replace(/&lt;/g, '<')
    .trim()
}

const escapeHtml = (text: string) =>
  text
    .replace(/&(?!lt;|gt;|amp;|quot;|#\d+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')

/**
 * Inline markdown of a node to HTML (bold, italic, code, links): small on
 * purpose, so the viewer needs no markdown library. Its output still goes
 * through DOMPurify (render.ts) before markmap puts it into the page.
 */
export function inlineHtml(text: string): string {
  const codes: string[] = []
  let html = escapeHtml(text).replace(/`([^`]+)`/g, (_, code: string) => {
    codes.push(`<code>${code}</code>`)
    return `\u0000${codes.length - 1}\u0000`
  })
  html = html
    .replace(
      /\[([^\]]+)\]\(([^()\s]+)(?:\s+&quot;([^&]*)&quot;)?\)/g,
      (_, label: string, href: string, title?: string) =>
        `<a href="${href}"${title ? ` title="${title}"` : ''} target="_blank" rel="noopener noreferrer">${label}</a>`,
    )
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*]+)\*/g, '$1<em>$2</em>')
    .replace(/~~([^~]+)~~/g, '<del>$1</del>')
  // eslint-disable-next-line no-control-regex -- NUL brackets the placeholders set aside above
  return html.replace(/\u0000(\d+)\u0000/g, (_, i: string) => codes[Number(i)]!)
}
