import { useEffect, useRef, useSyncExternalStore, type RefObject } from 'react'

/** SPEC §9: mobile means narrower than 640px. */
export const MOBILE_QUERY = '(max-width: 639.98px)'

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    notify => {
      const list = matchMedia(query)
      list.addEventListener('change', notify)
      return () => list.removeEventListener('change', notify)
    },
    () => matchMedia(query).matches,
  )
}

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY)
}

/** Listens to a DOM event of a custom element (React's `on*` props do not cover them reliably). */
export function useElementEvent<E extends HTMLElement>(ref: RefObject<E | null>, type: string, handler: (event: Event) => void): void {
  const latest = useRef(handler)
  latest.current = handler
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const listener = (event: Event) => latest.current(event)
    element.addEventListener(type, listener)
    return () => element.removeEventListener(type, listener)
  }, [ref, type])
}
