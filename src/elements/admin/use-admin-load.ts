import { useCallback, useEffect, useState } from 'react'

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
