import type { zhCN } from '../i18n/zh-CN'
import { preloadElementChunks } from './element-chunks'

/**
 * What each area route shows: the element bundle built from
 * `src/elements/<bundle>/define.ts` (rollup writes it to `/elements/<bundle>.js`)
 * and the tag it defines. Bundles load on first visit, so a page downloads only
 * what it shows. An area without an element yet shows the empty state under
 * its title; building the area means filling in `element` here.
 */

export type AreaTitle = Exclude<keyof typeof zhCN.areas, 'comingSoon'>

export interface AreaElement {
  /** Folder under src/elements and file name under /elements/. */
  bundle: string
  tag: string
  /**
   * The element reports the open chat with `zx:chat-change`; the host keeps
   * it in the URL as `<chatPath>/:chatNumber` (the named chat routes).
   */
  chatPath?: string
  /** The element shows no <h1> of its own: the host gives the page the area's title as a visually hidden one (one <h1> per page). */
  untitled?: true
}

/** A way on from an area's page (the board's operation records, the way back from a tool page). */
export interface AreaLink {
  /** Labelled with that area's title. */
  label: AreaTitle
  path: string
  icon: 'record' | 'arrowBack'
}

export interface Area {
  title: AreaTitle
  element?: AreaElement
  links?: readonly AreaLink[]
}

// The generator pages lead back to the dialogue (SPEC §2 root).
const BACK_TO_DIALOGUE: readonly AreaLink[] = [{ label: 'dialogue', path: '/course/dialogue', icon: 'arrowBack' }]

export const AREAS = {
  dialogue: { title: 'dialogue', element: { bundle: 'dialogue', tag: 'zx-dialogue', chatPath: '/course/dialogue', untitled: true } },
  courseList: { title: 'courseList', element: { bundle: 'courses', tag: 'zx-course-list' } },
  courseShowList: { title: 'courseShowList', element: { bundle: 'courses', tag: 'zx-course-showcase' } },
  courseDetail: { title: 'courseDetail', element: { bundle: 'courses', tag: 'zx-course-detail' } },
  apps: { title: 'apps', element: { bundle: 'apps', tag: 'zx-apps' } },
  // Assistant chats (`?assistantId=`): the assistant's bar and greeting around the dialogue element, scoped to it.
  chat: { title: 'chat', element: { bundle: 'assistant-chat', tag: 'zx-assistant-chat', chatPath: '/course/chat' } },
  appsExternal: { title: 'appsExternal', element: { bundle: 'practice', tag: 'zx-practice' } },
  evaluation: { title: 'evaluation', element: { bundle: 'evaluation', tag: 'zx-evaluation' } },
  dataBoard: {
    title: 'dataBoard',
    element: { bundle: 'board', tag: 'zx-data-board' },
    links: [{ label: 'optionRecord', path: '/course/board/optionRecord', icon: 'record' }],
  },
  optionRecord: { title: 'optionRecord', element: { bundle: 'board', tag: 'zx-operation-records' } },
  // School administration: people, classes, models, site.
  admin: { title: 'admin', element: { bundle: 'admin', tag: 'zx-school-admin', untitled: true } },
  // AI credits: allowances, prices, use, redemption codes, packages, orders.
  quotaAdmin: { title: 'quotaAdmin', element: { bundle: 'quota', tag: 'zx-quota-admin', untitled: true } },
  knowledgeLibrary: { title: 'knowledgeLibrary', element: { bundle: 'knowledge-library', tag: 'zx-knowledge-library', untitled: true } },
  resourceLibrary: { title: 'resourceLibrary', element: { bundle: 'resource-library', tag: 'zx-resource-library', untitled: true } },
  // Public portal pages a school's manager sets up (docs/embed.md).
  portal: { title: 'portal', element: { bundle: 'portal', tag: 'zx-portal' } },
  mainPortal: { title: 'mainPortal', element: { bundle: 'portal', tag: 'zx-portal' } },
  secondIndustryPortal: { title: 'secondIndustryPortal', element: { bundle: 'portal', tag: 'zx-portal' } },
  shareView: { title: 'shareView', element: { bundle: 'share-view', tag: 'zx-share-view' } },
  // Work placement: the student's logs, the supervisor's list, the company mentor's sign page (no account).
  placementStudent: { title: 'placements', element: { bundle: 'placements', tag: 'zx-placement-student' } },
  placementSupervisor: { title: 'placements', element: { bundle: 'placements', tag: 'zx-placement-supervisor' } },
  placementSign: { title: 'placementSign', element: { bundle: 'placements', tag: 'zx-placement-sign' } },
  // The embed's full-page chat for a key in the URL (?key=zxk_…), see docs/api/embed.md.
  externalChat: { title: 'externalChat', element: { bundle: 'portal', tag: 'zx-embed-chat' } },
  iframe: { title: 'iframe', element: { bundle: 'portal', tag: 'zx-embed-chat' } },
  fullDialogue: { title: 'fullDialogue', element: { bundle: 'portal', tag: 'zx-embed-chat' } },
  mindMap: { title: 'mindMap', element: { bundle: 'mind-map', tag: 'zx-mind-map', untitled: true }, links: BACK_TO_DIALOGUE },
  // A shared map (/mindMap?share=…): the small read-only viewer, its own bundle with no React (signed out is fine).
  mindMapShared: { title: 'mindMap', element: { bundle: 'mind-map-viewer', tag: 'zx-mind-map-viewer' } },
  imageGenerate: { title: 'imageGenerate', element: { bundle: 'generators', tag: 'zx-image-generate' }, links: BACK_TO_DIALOGUE },
  // The live classroom (docs/live.md): the elements show their own <h1>.
  live: { title: 'live', element: { bundle: 'live', tag: 'zx-live-projector' } },
  liveJoin: { title: 'liveJoin', element: { bundle: 'live', tag: 'zx-live-student' } },
  videoGenerate: { title: 'videoGenerate', element: { bundle: 'generators', tag: 'zx-video-generate' }, links: BACK_TO_DIALOGUE },
} satisfies Record<string, Area>

export type AreaKey = keyof typeof AREAS

// Resolved against this module's URL: the host app lives in /app/ (or a
// chunk in /chunks/), the element bundles beside them in /elements/.
const ELEMENTS_BASE = new URL('../elements/', import.meta.url)

const loading = new Map<string, Promise<unknown>>()

/** Loads an area's element bundle once; the promise settles when its tag is defined. */
export function loadAreaElement(element: AreaElement): Promise<unknown> {
  let pending = loading.get(element.bundle)
  if (!pending) {
    const url = new URL(`${element.bundle}.js`, ELEMENTS_BASE).href
    preloadElementChunks(element.bundle)
    pending = import(/* @vite-ignore */ url).then(() => customElements.whenDefined(element.tag))
    pending.catch(() => loading.delete(element.bundle)) // allow a retry after a failed load
    loading.set(element.bundle, pending)
  }
  return pending
}
