/**
 * The panel chunk the loader imports when the page is idle or the launcher is
 * used: renders <Panel> with Preact (React aliased to preact/compat by the
 * build) into the widget's shadow root and answers the runtime API.
 */
import { createRoot } from 'react-dom/client'
import type { PanelHandle, PanelHost } from '../types'
import { loadMarkdown } from './answer-markdown'
import { Panel, type PanelBus } from './panel'
import { panelCss } from './panel.css'
import { followVisualViewport } from './viewport'

// Fetched as soon as the panel is: an answer's markdown is rarely needed before it arrives.
void loadMarkdown().catch(() => undefined)

export function mountPanel(host: PanelHost): PanelHandle {
  host.adopt(panelCss)
  const box = host.mount
  if (host.inline) box.classList.add('i')
  if (host.options.height === 'auto') box.classList.add('a')
  const bridge = host.options.bridge ? import('./bridge') : null
  const bus: PanelBus = {
    pending: [],
    onSession: session => void bridge?.then(b => b.allowParents(session.parentOrigins)),
  }
  const root = createRoot(box)
  let locale = host.locale
  const render = () => root.render(<Panel host={host} locale={locale} bus={bus} />)
  render()
  const stopViewport = host.inline ? () => undefined : followVisualViewport(box)
  const handle: PanelHandle = {
    shown: () => requestAnimationFrame(() => bus.focus?.()),
    send(text) {
      if (bus.send) bus.send(text)
      else bus.pending.push(text)
    },
    setLocale(next) {
      locale = next
      render()
    },
    destroy() {
      stopViewport()
      root.unmount()
      void bridge?.then(b => b.stopBridge())
    },
  }
  void bridge?.then(b => b.startBridge(host, handle))
  return handle
}
