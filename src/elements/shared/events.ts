/**
 * Every DOM event our elements dispatch, in one scheme: `zx:` and a
 * kebab-case name (`zx:place-change`), the scheme of the embed's public
 * events that schools already use (`zx:ready`, `zx:open`, `zx:close`,
 * `zx:message`, `zx:error`; docs/api/embed.md). The prefix keeps them apart from
 * native events (a bare `close` is also what <dialog> fires) and from other
 * libraries' on the same page. All bubble and are composed (they leave the
 * shadow root); the detail is documented with `@fires` on each element.
 * Listeners and dispatchers use these constants, never string literals
 * (test/server/repository/elements-manifest.test.ts checks both).
 */
export const ZX_EVENTS = {
  /** {params, replace}: a place inside an element moved; the host app writes params into the URL (place.ts). */
  placeChange: 'zx:place-change',
  /** {chatNumber}: the open chat of `<zx-dialogue>` changed. */
  chatChange: 'zx:chat-change',
  /** {chatNumber, messageIds}: an answer finished streaming, stopped or failed. */
  answerEnd: 'zx:answer-end',
  /** No detail: "open my wallet"; the host app opens the profile's wallet. */
  openWallet: 'zx:open-wallet',
  /** No detail: `<zx-dialog>` asks the page to close it. */
  close: 'zx:close',
  /** No detail: `<zx-load-error>`'s retry button. */
  retry: 'zx:retry',
} as const

export type ZxEventName = (typeof ZX_EVENTS)[keyof typeof ZX_EVENTS]
