import { useCallback, useEffect, useState } from 'react'
import type { LoadState } from '../../stores/loadable'

/** One admin list: loading (undefined), the answer, or what failed; `reload` asks again. */
export function useAdminLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]): { data: T | undefined; error: unknown; reload: () => void } {
  const [state, setState] = useState<{ data?: T; error?: unknown }>({})
  const [round, setRound] = useState(0)
  useEffect(() => {
    const controller = new AbortController()
    setState(s => ({ data: s.data }))
    load(controller.signal).then(
      data => !controller.signal.aborted && setState({ data }),
      (error: unknown) => !controller.signal.aborted && setState({ error }),
    )
    return () => controller.abort()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, round])
  const reload = useCallback(() => setRound(r => r + 1), [])
  return { data: state.data, error: state.error, reload }
}

/** The same list as the kit's LoadState (for `TablePanel`, `LoadGate`). */
export function loadState<T>(load: { data: T | undefined; error: unknown }): LoadState<T> {
  if (load.error !== undefined) return { status: 'failed', data: load.data, error: load.error }
  return load.data === undefined ? { status: 'loading' } : { status: 'ready', data: load.data }
}
