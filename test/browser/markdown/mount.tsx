// Renders a MarkdownView into an open shadow root, the way the zx-* elements
// host it, and lets a test change its props.
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { MarkdownView, type MarkdownViewProps } from '../../../src/elements/shared/markdown/index'

export interface Mounted {
  host: HTMLElement
  shadow: ShadowRoot
  /** The `.zx-md` container. */
  view(): HTMLElement
  render(props: MarkdownViewProps): void
  unmount(): void
}

export function mountMarkdown(props: MarkdownViewProps): Mounted {
  const host = document.createElement('div')
  document.body.append(host)
  const shadow = host.attachShadow({ mode: 'open' })
  const root = createRoot(shadow)
  const render = (next: MarkdownViewProps) => flushSync(() => root.render(<MarkdownView {...next} />))
  render(props)
  return {
    host,
    shadow,
    view: () => shadow.querySelector('.zx-md') as HTMLElement,
    render,
    unmount() {
      root.unmount()
      host.remove()
    },
  }
}
