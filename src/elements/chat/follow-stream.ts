import { createContext, useContext, useLayoutEffect } from 'react'

/**
 * Keeps a reader who is at the bottom of the message list there while an
 * answer grows. The list provides `follow`; a streaming answer calls it after
 * each render, so the view moves in the same frame as the text (a
 * ResizeObserver alone would lag a frame, and gets no callbacks at all in a
 * background tab).
 */
export const FollowStream = createContext<() => void>(() => {})

export function useFollowStream(active: boolean, text: string): void {
  const follow = useContext(FollowStream)
  useLayoutEffect(() => {
    if (active) follow()
  }, [active, text, follow])
}
