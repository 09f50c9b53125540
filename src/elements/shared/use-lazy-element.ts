import { useEffect, useState } from 'react'

/**
 * Whether a custom element another bundle defines is ready, loading that
 * bundle on first use (e.g. the dialogue beside a lesson or a result), so a
 * page pays for it only when it is opened.
 */
export function useLazyElement(tag: string, load: () => Promise<unknown>): boolean {
  const [ready, setReady] = useState(() => !!customElements.get(tag))
  useEffect(() => {
    if (ready) return
    let live = true
    load().then(
      () => live && setReady(true),
      () => {},
    )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load is an inline arrow; the bundle is loaded once per tag
  }, [ready])
  return ready
}
