import type { ClientType } from '../api/account'
import type { AreaKey } from './areas'
import { detailHref } from '../elements/shared/links'
import type { RouteName } from './router'

/**
 * Route metadata: the layout, flags and area of each route (SPEC §2).
 * Course routes depend on the client type; the rest are the same for all.
 */

export type LayoutKind = 'main' | 'student' | 'board' | 'none'

export interface RouteRecord {
  name: RouteName
  layout: LayoutKind
  /** What the route shows: an area, or one of the shell's own pages. */
  view: AreaKey | 'login' | 'agreement' | 'notFound' | 'serverError' | 'profile' | 'changePassword'
  /** Full-page flag: no content padding. */
  fullPage?: boolean
  /** Student flag: student-styled chrome. */
  student?: boolean
}

/** Routes outside /course, rendered without a layout. */
export const PUBLIC_ROUTES: Partial<Record<RouteName, RouteRecord>> = {
  login: { name: 'login', layout: 'none', view: 'login' },
  agreement: { name: 'agreement', layout: 'none', view: 'agreement' },
  notFound: { name: 'notFound', layout: 'none', view: 'notFound' },
  serverError: { name: 'serverError', layout: 'none', view: 'serverError' },
  shareView: { name: 'shareView', layout: 'none', view: 'shareView' },
  placementSign: { name: 'placementSign', layout: 'none', view: 'placementSign' },
  portal: { name: 'portal', layout: 'none', view: 'portal' },
  mainPortal: { name: 'mainPortal', layout: 'none', view: 'mainPortal' },
  secondIndustryPortal: { name: 'secondIndustryPortal', layout: 'none', view: 'secondIndustryPortal' },
  externalChat: { name: 'externalChat', layout: 'none', view: 'externalChat' },
  iframe: { name: 'iframe', layout: 'none', view: 'iframe' },
  fullDialogue: { name: 'fullDialogue', layout: 'none', view: 'fullDialogue' },
  mindMap: { name: 'mindMap', layout: 'none', view: 'mindMap' },
  imageGenerate: { name: 'imageGenerate', layout: 'none', view: 'imageGenerate' },
  videoGenerate: { name: 'videoGenerate', layout: 'none', view: 'videoGenerate' },
  // Needs a session (not in SESSIONLESS_ROUTES): the person holding a one-time password.
  changePassword: { name: 'changePassword', layout: 'none', view: 'changePassword' },
}

/** SPEC §4: these pass the guard with no session at all (plus login and the error pages). */
export const SESSIONLESS_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'login',
  'agreement',
  'shareView',
  'placementSign',
  'portal',
  'mainPortal',
  'secondIndustryPortal',
  'notFound',
  'serverError',
])

/**
 * The embed's chat pages need no session when the URL carries an embed key
 * (`?key=zxk_…`): the key decides who may chat, as on a school's own web page.
 */
export const KEYED_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>(['externalChat', 'iframe', 'fullDialogue'])

export function passesWithoutSession(route: RouteName, search: Record<string, string | undefined>): boolean {
  return SESSIONLESS_ROUTES.has(route) || (KEYED_ROUTES.has(route) && !!search.key) || isSharedMindMap(route, search)
}

/** `/mindMap?share=…` opens a shared map read only, signed out; making maps needs a session. */
export function isSharedMindMap(route: RouteName, search: Record<string, string | undefined>): boolean {
  return route === 'mindMap' && !!search.share
}

/** The record a public route shows without a session (the shared map's own viewer for a share link). */
export function sessionlessRecord(record: RouteRecord, search: Record<string, string | undefined>): RouteRecord {
  return isSharedMindMap(record.name, search) ? { ...record, view: 'mindMapShared', fullPage: true } : record
}

const main = (name: RouteName, view: AreaKey, fullPage = false): RouteRecord => ({ name, layout: 'main', view, fullPage })
const student = (name: RouteName, view: AreaKey, fullPage = false): RouteRecord => ({ name, layout: 'student', view, student: true, fullPage })

/** Chat and dialogue also exist as a named route with a chatNumber param. */
function withNamed(record: RouteRecord, named: RouteName): RouteRecord[] {
  return [record, { ...record, name: named }]
}

/** /profile in the side's own layout (installed with the course routes: it needs a session). */
const profile = (layout: 'main' | 'student'): RouteRecord => ({ name: 'profile', layout, view: 'profile' })

/** SPEC §2 "Routes added after sign-in", per client type. */
export const COURSE_ROUTES: Record<ClientType, readonly RouteRecord[]> = {
  '1': [
    main('list', 'courseList'),
    main('detail', 'courseDetail'),
    main('apps', 'apps', true),
    ...withNamed(main('chat', 'chat', true), 'chatNamed'),
    main('appsExternal', 'appsExternal', true),
    main('evaluation', 'evaluation'),
    main('resourceLibrary', 'resourceLibrary'),
    main('knowledgeLibrary', 'knowledgeLibrary'),
    ...withNamed(main('dialogue', 'dialogue'), 'dialogueNamed'),
    main('live', 'live', true),
    main('placements', 'placementSupervisor'),
    profile('main'),
  ],
  '2': [
    main('list', 'courseShowList'),
    main('detail', 'courseDetail', true),
    main('apps', 'apps'),
    ...withNamed(main('chat', 'chat'), 'chatNamed'),
    main('appsExternal', 'appsExternal'),
    main('evaluation', 'evaluation'),
    main('dataBoard', 'dataBoard'),
    { name: 'optionRecord', layout: 'board', view: 'optionRecord' },
    main('resourceLibrary', 'resourceLibrary'),
    main('knowledgeLibrary', 'knowledgeLibrary'),
    ...withNamed(main('dialogue', 'dialogue'), 'dialogueNamed'),
    // The server refuses the calls to anyone without the admin right; the menu shows it only to them.
    main('admin', 'admin'),
    // AI credits administration: every manager; menu 15 follows the manager side.
    main('quotaAdmin', 'quotaAdmin'),
    main('placements', 'placementSupervisor'),
    profile('main'),
  ],
  '3': [
    student('list', 'courseList'),
    student('apps', 'apps', true),
    ...withNamed(student('chat', 'chat', true), 'chatNamed'),
    student('appsExternal', 'appsExternal', true),
    student('liveJoin', 'liveJoin'),
    ...withNamed({ name: 'dialogue', layout: 'student', view: 'dialogue' }, 'dialogueNamed'),
    student('placements', 'placementStudent'),
    profile('student'),
  ],
}

/** Route names to install for a client type; an unknown type gets none (only the not-found redirect). */
export function courseRouteNames(clientType: string | undefined): string[] {
  const records = COURSE_ROUTES[clientType as ClientType]
  return records ? records.map(record => record.name) : []
}

export function courseRoute(clientType: string | undefined, name: string): RouteRecord | undefined {
  return COURSE_ROUTES[clientType as ClientType]?.find(record => record.name === name)
}

export function isCourseRoute(name: RouteName): boolean {
  return !(name in PUBLIC_ROUTES) && name !== 'home'
}

/**
 * `/course/detail/<id>` (the portal's "查看课程" link, shared without knowing
 * who will open it) leads to the course's own place for the client type:
 * students read courses inside their list page, teachers and managers on
 * the detail page. Replaced in history, so Back skips it.
 */
export function courseLinkRedirect(
  page: { route: RouteName; params: object; search: Record<string, string | undefined> },
  clientType: string | undefined,
): string | undefined {
  const id = page.route === 'detail' ? (page.params as { id?: string }).id : undefined
  if (!id || !COURSE_ROUTES[clientType as ClientType]) return undefined
  const { lessonId, tab, view } = page.search
  return detailHref({ id, role: clientType === '3' ? 'student' : undefined }, { lessonId, tab, view })
}

/**
 * Pages of tools still to come (mind map, text to image, text to video) are
 * SPEC-public by path but need a session like the rest; once it is known
 * they open inside the client type's own layout, so the menu leads on.
 */
const TOOL_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>(['mindMap', 'imageGenerate', 'videoGenerate'])

export function inSessionLayout(record: RouteRecord, clientType: string | undefined): RouteRecord {
  if (!TOOL_ROUTES.has(record.name) || !COURSE_ROUTES[clientType as ClientType]) return record
  return clientType === '3' ? { ...record, layout: 'student', student: true } : { ...record, layout: 'main' }
}
