/**
 * Modal focus, for every dialog (WAI-ARIA dialog pattern): Tab and
 * Shift+Tab cycle inside the dialog and never reach the page behind it,
 * Escape asks to close, and when the dialog goes focus returns to what
 * opened it. Dialogs opened from a dialog stack: only the top one traps.
 *
 *   const release = trapFocus(host, { onEscape: close })
 *   // …later (closing): release()
 */

const FOCUSABLE = 'a[href], button, input, select, textarea, iframe, [tabindex], [contenteditable="true"]'

const stack: HTMLElement[] = []

/** The focused element, looking through shadow roots (document.activeElement stops at their hosts). */
export function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement as HTMLElement | null
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement
  return active
}

function usable(element: HTMLElement): boolean {
  if (element.matches(':disabled') || element.tabIndex < 0 || element.closest('[inert]')) return false
  return element.getClientRects().length > 0
}

/** Focusable elements of `root` in the order Tab visits them: shadow content, with slots filled by what they show. */
export function focusablesIn(root: Element): HTMLElement[] {
  const found: HTMLElement[] = []
  const visit = (node: Element) => {
    if (node instanceof HTMLSlotElement) return node.assignedElements({ flatten: true }).forEach(visit)
    if (node instanceof HTMLElement && node.matches(FOCUSABLE) && usable(node)) found.push(node)
    const children = node.shadowRoot ? node.shadowRoot.children : node.children
    for (const child of children) visit(child)
  }
  visit(root)
  return found
}

function contains(root: Element, node: Node | null): boolean {
  for (let current = node; current; current = current.parentNode ?? (current instanceof ShadowRoot ? current.host : null)) {
    if (current === root) return true
  }
  return false
}

export interface TrapOptions {
  /** Escape pressed while this dialog is on top. */
  onEscape?: () => void
  /** Where focus starts (default: the first focusable inside). */
  initial?: HTMLElement | null
}

export function trapFocus(root: HTMLElement, { onEscape, initial }: TrapOptions = {}): () => void {
  const opener = deepActiveElement()
  stack.push(root)
  const first = initial ?? focusablesIn(root)[0]
  ;(first ?? root).focus?.()

  const onKey = (event: KeyboardEvent) => {
    if (stack.at(-1) !== root || event.defaultPrevented) return
    if (event.key === 'Escape' && onEscape) {
      event.preventDefault()
      onEscape()
      return
    }
    if (event.key !== 'Tab') return
    const items = focusablesIn(root)
    event.preventDefault()
    if (items.length === 0) return
    const index = items.indexOf(deepActiveElement() as HTMLElement)
    const next = event.shiftKey ? (index <= 0 ? items.length - 1 : index - 1) : index === -1 || index === items.length - 1 ? 0 : index + 1
    items[next]!.focus()
  }
  // Bubbling: a control inside that uses Escape or Tab itself (a menu, a picker) prevents the default first.
  document.addEventListener('keydown', onKey)

  return () => {
    document.removeEventListener('keydown', onKey)
    const at = stack.lastIndexOf(root)
    if (at !== -1) stack.splice(at, 1)
    const active = deepActiveElement()
    // Back to the opener, unless the person has already moved on elsewhere.
    if (opener?.isConnected && (!active || active === document.body || contains(root, active) || !active.isConnected)) opener.focus()
  }
}
