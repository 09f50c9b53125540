import { atom, type ReadableAtom } from 'nanostores'
import { isCancel } from '../api/errors'

/**
 * One loading state for every area (STYLE.md: a tiny generic loadable store),
 * so a page shows a skeleton while it waits and what failed with a retry
 * after a failure, and never "no data" before the answer has arrived.
 *
 *   const $courses = loadable((signal, query: Query) => listCourses(query, { signal }))
 *   $courses.load({ keyword: '数控' })  // cancels the load before it
 *   $courses.retry()                    // the last load again
 */
export type LoadState<T> =
  | { status: 'idle'; data?: undefined; error?: undefined }
  /** `data`: what was shown before, kept while reloading (a new search, a refresh). */
  | { status: 'loading'; data?: T; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  // A load that returns nothing (it fills other atoms) cannot tell a first load from a reload: return what was loaded.
  | { status: 'failed'; data?: T; error: unknown }

export interface Loadable<T, A extends unknown[] = []> extends ReadableAtom<LoadState<T>> {
  /** Starts a load, cancelling the running one; resolves with the data, or undefined when it failed or was replaced. */
  load(...args: A): Promise<T | undefined>
  /** Runs the last load again (the retry button). */
  retry(): Promise<T | undefined>
  /** Shows data an edit returned, without a request. */
  put(data: T): void
  /** Back to idle, cancelling a running load (sign-out, another object). */
  reset(): void
}

export function loadable<T, A extends unknown[] = []>(fetch: (signal: AbortSignal, ...args: A) => Promise<T>): Loadable<T, A> {
  const $state = atom<LoadState<T>>({ status: 'idle' })
  let current: AbortController | undefined
  let lastArgs: A | undefined

  async function load(...args: A): Promise<T | undefined> {
    current?.abort()
    const controller = (current = new AbortController())
    lastArgs = args
    $state.set({ status: 'loading', data: $state.get().data })
    try {
      const data = await fetch(controller.signal, ...args)
      if (current !== controller) return undefined
      $state.set({ status: 'ready', data })
      return data
    } catch (error) {
      if (current === controller && !isCancel(error)) $state.set({ status: 'failed', data: $state.get().data, error })
      return undefined
    }
  }

  return Object.assign($state, {
    load,
    retry: () => load(...((lastArgs ?? []) as A)),
    put: (data: T) => {
      current?.abort()
      $state.set({ status: 'ready', data })
    },
    reset: () => {
      current?.abort()
      current = undefined
      $state.set({ status: 'idle' })
    },
  })
}

/** The same state with its data mapped (a page's rows, the first part of a long list), for a view that shows part of what was loaded. */
export function mapLoadState<T, U>(state: LoadState<T>, map: (data: T) => U): LoadState<U> {
  if (state.data === undefined) return state as LoadState<U>
  return { ...state, data: map(state.data) } as LoadState<U>
}
