import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState, type DependencyList } from 'react'
import { loadable, type Loadable, type LoadState } from '../../../stores/loadable'

/**
 * A component's own loadable (state that lives and dies with it, e.g. a
 * dialog's list): loads when `deps` change, cancels on unmount. New deps
 * mean another object, so what was shown goes (a skeleton again) unless
 * `keep` says the data is the same list under a new filter.
 *
 *   const [datasets, store] = useLoadable(() => listDatasets({ scope, keyword }), [scope, keyword], { keep: true })
 */
export function useLoadable<T>(fetch: (signal: AbortSignal) => Promise<T>, deps: DependencyList, { keep = false } = {}): [LoadState<T>, Loadable<T>] {
  const latest = useRef(fetch)
  latest.current = fetch
  const [store] = useState(() => loadable<T>(signal => latest.current(signal)))
  const state = useStore(store)
  useEffect(() => {
    if (!keep) store.reset()
    void store.load()
  }, deps) // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => store.reset(), [store])
  return [state, store]
}
