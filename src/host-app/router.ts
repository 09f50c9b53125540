import { createRouter } from '@nanostores/router'

/**
 * Every path the host app knows (SPEC §2), in history mode. Course routes are
 * all listed here; which of them a user may open is decided by the guard from
 * the routes installed for the session's client type.
 */
export const $router = createRouter(
  {
    home: '/',
    login: '/login',
    agreement: '/agreement',
    shareView: '/shareView',
    // A company mentor's sign link (?token=): one week of a placement, no account.
    placementSign: '/placement/sign',
    portal: '/portal',
    mainPortal: '/mainPortal',
    secondIndustryPortal: '/secondIndustryPortal',
    externalChat: '/externalChat',
    iframe: '/iframe',
    fullDialogue: '/fullDialogue',
    mindMap: '/mindMap',
    imageGenerate: '/image/generate',
    videoGenerate: '/video/generate',
    notFound: '/404',
    serverError: '/500',
    list: '/course/list',
    detail: '/course/detail/:id?',
    apps: '/course/apps',
    chat: '/course/chat',
    chatNamed: '/course/chat/:chatNumber',
    appsExternal: '/course/appsExternal',
    evaluation: '/course/evaluation',
    dataBoard: '/course/dataBoard',
    optionRecord: '/course/board/optionRecord',
    resourceLibrary: '/course/resourceLibrary',
    knowledgeLibrary: '/course/knowledgeLibrary',
    dialogue: '/course/dialogue',
    dialogueNamed: '/course/dialogue/:chatNumber',
    // School administration (managers holding the admin right, menu 14).
    admin: '/course/admin',
    quotaAdmin: '/course/quota',
    // The live classroom: the teacher's projector (?sessionId=) and the students' join page (?code=).
    live: '/course/live',
    liveJoin: '/course/liveJoin',
    placements: '/course/placements',
    // Asked for after signing in with a one-time password, before anything else.
    changePassword: '/password',
    // The profile as a page, for phones (SPEC §2 keeps the dialog off mobile); signed-in only.
    profile: '/profile',
  },
  // Links are handled below so that anchors inside elements' shadow roots route too.
  { links: false },
)

export type RouteName = NonNullable<ReturnType<typeof $router.get>>['route']

export function navigate(path: string): void {
  $router.open(path)
}

/** Replaces the history entry (guard redirects: Back should not land on them). */
export function redirect(path: string): void {
  $router.open(path, true)
}

/** The current path with its query, e.g. for `?redirect=`. */
export function currentPath(): string {
  return location.pathname + location.search
}

/** `/login?redirect=<path>`; a redirect to login itself is pointless and dropped. */
export function loginPath(intended: string = currentPath()): string {
  if (!intended || intended === '/' || intended.startsWith('/login')) return '/login'
  return `/login?${new URLSearchParams({ redirect: intended })}`
}

/** Only same-site paths may be redirected to after sign-in (no `//evil.example`). */
export { safeRedirect } from '../../shared/safe-redirect'

/**
 * Routes same-origin anchor clicks without a reload, like the router's own
 * handler, but reading `composedPath()` so links inside shadow roots count.
 */
function onClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  const link = event.composedPath().find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement)
  if (!link || !link.href) return
  if (link.target && link.target !== '_self') return
  if (link.hasAttribute('download') || link.rel === 'external' || link.origin !== location.origin) return
  event.preventDefault()
  navigate(link.pathname + link.search + link.hash)
}

export function interceptLinks(): () => void {
  document.addEventListener('click', onClick)
  return () => document.removeEventListener('click', onClick)
}
