import { atom } from 'nanostores'
import { onSignInRequired } from '../api/client'
import { ApiError } from '../api/errors'
import { $clientType, $installedRoutes, $session, installRoutes, loadSession, MISSING_TOKEN_MSG, removeToken } from '../stores/auth'
import { onTokenChangedElsewhere } from '../stores/token'
import { $router, currentPath, loginPath, redirect, safeRedirect } from './router'
import {
  courseLinkRedirect,
  courseRoute,
  inSessionLayout,
  courseRouteNames,
  isCourseRoute,
  passesWithoutSession,
  PUBLIC_ROUTES,
  sessionlessRecord,
  type RouteRecord,
} from './routes'

/**
 * The navigation guard of SPEC §4. The router only parses URLs; this decides
 * what a URL may show and publishes it as `$view`, which the app renders.
 * Nothing protected renders before its session is known.
 */

export type Page = NonNullable<ReturnType<typeof $router.get>>

export interface View {
  page: Page
  record: RouteRecord
}

export type Outcome = { view: View } | { redirect: string }

export const $view = atom<View | null>(null)

export interface Progress {
  start(): void
  done(): void
}

const DEFAULT_PATH = '/course/dialogue'

function pathOf(page: Page): string {
  const query = new URLSearchParams(page.search).toString()
  return page.path + (query ? `?${query}` : '')
}

/** `/500?from=<path>` so the error page can offer a retry of what failed. */
function serverErrorPath(from: string): string {
  return `/500?${new URLSearchParams({ from })}`
}

/** SPEC §4/§8: a missing (or expired) token means sign in again, anything else /500. */
function isSignInError(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 401 || error.message === MISSING_TOKEN_MSG)
}

export async function resolvePage(page: Page | undefined): Promise<Outcome> {
  if (!page) return { redirect: '/404' }
  if (page.route === 'home') return { redirect: DEFAULT_PATH }
  if (page.route === 'login') removeToken()

  const publicRecord = PUBLIC_ROUTES[page.route]
  if (publicRecord && passesWithoutSession(page.route, page.search)) return { view: { page, record: sessionlessRecord(publicRecord, page.search) } }

  if (!$session.get()) {
    try {
      const session = await loadSession()
      if (session) installRoutes(courseRouteNames(session.clientType))
    } catch (error) {
      return { redirect: isSignInError(error) ? loginPath(pathOf(page)) : serverErrorPath(pathOf(page)) }
    }
    if (!$session.get()) return { redirect: loginPath(pathOf(page)) }
  }

  // A one-time password is changed before anything else (the server refuses the rest meanwhile).
  const mustChange = $session.get()?.mustChangePassword === true
  if (mustChange && page.route !== 'changePassword') return { redirect: `/password?${new URLSearchParams({ redirect: pathOf(page) })}` }
  if (!mustChange && page.route === 'changePassword') return { redirect: safeRedirect(page.search.redirect, DEFAULT_PATH) }

  if (publicRecord) return { view: { page, record: inSessionLayout(publicRecord, $session.get()?.clientType ?? $clientType.get()) } }
  const courseLink = courseLinkRedirect(page, $session.get()?.clientType ?? $clientType.get())
  if (courseLink) return { redirect: courseLink }
  if (isCourseRoute(page.route) && $installedRoutes.get().includes(page.route)) {
    const record = courseRoute($session.get()?.clientType ?? $clientType.get(), page.route)
    if (record) return { view: { page, record } }
  }
  return { redirect: '/404' }
}

let navigation = 0

async function guard(page: Page | undefined, progress?: Progress): Promise<void> {
  const current = ++navigation
  progress?.start()
  let outcome: Outcome
  try {
    outcome = await resolvePage(page)
  } catch {
    outcome = { redirect: '/500' }
  }
  // A newer navigation started while this one waited: it decides.
  if (current !== navigation) return
  progress?.done()
  if ('redirect' in outcome) redirect(outcome.redirect)
  else $view.set(outcome.view)
}

let activeProgress: Progress | undefined

/** Starts guarding; returns a stop function (tests start and stop it per case). */
export function startGuard(options: { progress?: Progress } = {}): () => void {
  activeProgress = options.progress
  const stopSignIn = onSignInRequired(() => {
    removeToken()
    if ($router.get()?.route !== 'login') redirect(loginPath(currentPath()))
  })
  // Another tab signed out (or in, or switched): this tab's session has ended with the token; leave its page.
  const stopElsewhere = onTokenChangedElsewhere(token => {
    // The sign-in page clears the token when resolved: resolving it again would sign the other tab out.
    if ($router.get()?.route === 'login') return
    if (token && currentPath() !== DEFAULT_PATH) redirect(DEFAULT_PATH)
    else void refreshRoute()
  })
  const stopRouter = $router.subscribe(page => void guard(page, activeProgress))
  return () => {
    stopRouter()
    stopElsewhere()
    stopSignIn()
    navigation++ // let any navigation still waiting fall through
    activeProgress = undefined
  }
}

/** Resolves the current URL again, e.g. after switching client type on the same path. */
export function refreshRoute(): Promise<void> {
  return guard($router.get(), activeProgress)
}
