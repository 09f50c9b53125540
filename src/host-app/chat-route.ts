import { $router, navigate, redirect } from './router'

/**
 * Keeps a chat element's open chat in the URL (SPEC §2: chat and dialogue
 * also exist as a named route with a chatNumber param), so a reload or a
 * shared link opens the same chat and Back returns to the previous one.
 */

/** `<chatPath>/<chatNumber>` (or `<chatPath>` for a new chat), with the query kept. */
export function chatRoutePath(chatPath: string, chatNumber: string, search = location.search): string {
  return (chatNumber ? `${chatPath}/${encodeURIComponent(chatNumber)}` : chatPath) + search
}

export function followChatChange(chatPath: string, chatNumber: string): void {
  const target = chatRoutePath(chatPath, chatNumber)
  if (target === location.pathname + location.search) return
  const params = ($router.get()?.params ?? {}) as { chatNumber?: string }
  // A URL without a chat was a placeholder (the element opened the last chat or a new one): replace it.
  // Moving from one chat to another is history worth keeping for Back.
  if (params.chatNumber) navigate(target)
  else redirect(target)
}
