import { useEffect, useState } from 'react'

/**
 * Reads an attribute of the host element and follows its changes, removal
 * included (r2wc props ignore a removed attribute, but `chat-number` going
 * away is exactly what the host app does when it leaves a chat's URL).
 */
export function useHostAttribute(host: HTMLElement | undefined, name: string): string | null {
  const [value, setValue] = useState(() => host?.getAttribute(name) ?? null)
  useEffect(() => {
    if (!host) return
    setValue(host.getAttribute(name))
    const observer = new MutationObserver(() => setValue(host.getAttribute(name)))
    observer.observe(host, { attributes: true, attributeFilter: [name] })
    return () => observer.disconnect()
  }, [host, name])
  return value
}

/** Whether the host is narrower than `maxWidth` (the chat list then becomes a drawer). */
export function useNarrow(host: HTMLElement | undefined, maxWidth: number): boolean {
  const [narrow, setNarrow] = useState(() => (host ? host.getBoundingClientRect().width <= maxWidth : false))
  useEffect(() => {
    if (!host || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => entry && setNarrow(entry.contentRect.width <= maxWidth))
    observer.observe(host)
    return () => observer.disconnect()
  }, [host, maxWidth])
  return narrow
}

/** Dispatches a DOM event from the host that crosses shadow boundaries (DESIGN §2). */
export function emit(host: HTMLElement | undefined, type: string, detail: unknown): void {
  host?.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }))
}
