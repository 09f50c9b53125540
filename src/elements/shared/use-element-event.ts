import { useLayoutEffect, useRef, type RefObject } from 'react'

/**
 * Calls the latest `handler` when the element in `ref` fires `name` (a `zx:`
 * event of a kit element: a dialog's close, a failed load's retry).
 *
 * Listens from the element's first paint: a layout effect, because on
 * preact/compat a plain effect runs up to a frame later, and an event fired at
 * once (Escape on a dialog that has just opened) found nobody listening. It
 * re-attaches after every render, so an element shown later is heard too.
 */
export function useElementEvent(ref: RefObject<HTMLElement | null>, name: string, handler: () => void): void {
  const latest = useRef(handler)
  latest.current = handler
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const listener = () => latest.current()
    element.addEventListener(name, listener)
    return () => element.removeEventListener(name, listener)
  })
}
