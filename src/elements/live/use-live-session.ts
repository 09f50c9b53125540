import { useEffect, useReducer, useState } from 'react'
import { ApiError } from '../../api/errors'
import { liveEvents, type LiveEvent, type LiveValue } from '../../api/live'
import { initialLiveState, liveReducer, type LiveState } from './session-state'

/** Waits before the next try after a dropped stream: 1 s, 2 s, 4 s … at most 10 s. */
export const reconnectDelay = (attempt: number) => Math.min(10_000, 1000 * 2 ** attempt)

export interface LiveSession {
  state: LiveState
  /** The stream dropped and is being opened again. */
  reconnecting: boolean
  /** The server refused the stream (not in the session, no such session). */
  refused: unknown
  /** Notes this device's own answer before the stream would. */
  noteAnswer: (value: LiveValue) => void
}

const reduce = (state: LiveState, event: LiveEvent | { type: 'answered'; value: LiveValue }) => liveReducer(state, event)

/**
 * Follows a session's event stream. A stream that drops (a phone losing its
 * network, a server restarting) is opened again after a pause; the server's
 * snapshot then brings the screen back to where the session is.
 */
export function useLiveSession(sessionId: string | undefined): LiveSession {
  const [state, dispatch] = useReducer(reduce, initialLiveState)
  const [reconnecting, setReconnecting] = useState(false)
  const [refused, setRefused] = useState<unknown>(null)

  useEffect(() => {
    if (!sessionId) return
    const abort = new AbortController()
    let attempt = 0
    const follow = async () => {
      while (!abort.signal.aborted) {
        try {
          for await (const event of liveEvents(sessionId, abort.signal)) {
            attempt = 0
            setReconnecting(false)
            dispatch(event)
            if (event.type === 'end') return
          }
        } catch (error) {
          if (abort.signal.aborted) return
          if (error instanceof ApiError && error.status < 500) {
            setRefused(error)
            return
          }
        }
        if (abort.signal.aborted) return
        setReconnecting(true)
        await new Promise(resolve => setTimeout(resolve, reconnectDelay(attempt++)))
      }
    }
    void follow()
    return () => abort.abort()
  }, [sessionId])

  return { state, reconnecting, refused, noteAnswer: value => dispatch({ type: 'answered', value }) }
}

/** Whole seconds left until `closesAt` by the server's clock, ticking. */
export function useSecondsLeft(closesAt: number | undefined, clockOffset: number): number {
  const left = () => (closesAt === undefined ? 0 : Math.max(0, Math.ceil((closesAt - (Date.now() + clockOffset)) / 1000)))
  const [seconds, setSeconds] = useState(left)
  useEffect(() => {
    setSeconds(left())
    if (closesAt === undefined) return
    const timer = setInterval(() => setSeconds(left()), 250)
    return () => clearInterval(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [closesAt, clockOffset])
  return seconds
}
