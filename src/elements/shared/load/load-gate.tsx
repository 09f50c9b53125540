import { useStore } from '@nanostores/react'
import { useRef, type ReactNode } from 'react'
import { ApiError, HttpError, TransportError } from '../../../api/errors'
import { $common, $loadStateMessages } from '../../../i18n'
import type { LoadState } from '../../../stores/loadable'
import type { SkeletonProps } from './skeleton'
import { ZX_EVENTS } from '../events'
import { useElementEvent } from '../use-element-event'

/** Why a load failed, in words a person can act on. */
export function failureDetail(error: unknown, common: ReturnType<typeof $common.get>): string {
  if (error instanceof TransportError) return common.connecting
  if (error instanceof ApiError || error instanceof HttpError) return error.message
  return common.somethingWrong
}

export interface LoadGateProps<T> {
  state: LoadState<T>
  /** What is loading, as the page names it ("课程", "知识库"): the failure says "<what>加载失败". */
  what: string
  onRetry: () => void
  skeleton?: SkeletonProps['variant']
  count?: number
  /** Shown once data is there (also while a reload runs, so a new search does not flash a skeleton). */
  children: (data: T) => ReactNode
}

/**
 * The one way an area shows a load: a skeleton until the first answer,
 * the failure with a retry, then the content.
 *
 *   <LoadGate state={list} what={t.title} onRetry={list.retry} skeleton="cards">{items => …}</LoadGate>
 */
export function LoadGate<T>({ state, what, onRetry, skeleton = 'rows', count, children }: LoadGateProps<T>) {
  if (state.status === 'failed') return <LoadFailure error={state.error} what={what} onRetry={onRetry} />
  if (state.data === undefined) return <zx-skeleton variant={skeleton} count={count} />
  return <>{children(state.data)}</>
}

/** `<zx-load-error>` wired to a retry callback. */
export function LoadFailure({ error, what, onRetry, part }: { error: unknown; what: string; onRetry: () => void; part?: string }) {
  const t = useStore($loadStateMessages)
  const common = useStore($common)
  const ref = useRef<HTMLElement>(null)
  useElementEvent(ref, ZX_EVENTS.retry, onRetry)
  return <zx-load-error ref={ref} part={part} heading={what ? t.failed({ what }) : t.failedGeneric} detail={failureDetail(error, common)} />
}
