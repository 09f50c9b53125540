import type { Session } from '../api/account'
import type { zhCN } from '../i18n/zh-CN'
import { menuIds } from '../stores/auth'
import type { MenuIconName } from './icons'

/** SPEC §2 side menu table: an entry shows only if its id is in the session's menus. */
export interface MenuItem {
  id: string
  label: keyof typeof zhCN.menu
  path: string
  icon: MenuIconName
}

export const MENU_ITEMS: readonly MenuItem[] = [
  { id: '13', label: 'dialogue', path: '/course/dialogue', icon: 'dialogue' },
  { id: '1', label: 'courseManagement', path: '/course/list', icon: 'course' },
  { id: '2', label: 'teachingCourses', path: '/course/list', icon: 'course' },
  { id: '9', label: 'courseEvaluation', path: '/course/list', icon: 'courseEvaluation' },
  { id: '3', label: 'aiApps', path: '/course/apps', icon: 'ai' },
  { id: '4', label: 'inquiryPractice', path: '/course/appsExternal', icon: 'practice' },
  { id: '5', label: 'evaluationManagement', path: '/course/evaluation', icon: 'evaluation' },
  { id: '6', label: 'dataBoard', path: '/course/dataBoard', icon: 'record' },
  { id: '8', label: 'knowledgeLibrary', path: '/course/knowledgeLibrary', icon: 'knowledge' },
  { id: '7', label: 'resourceLibrary', path: '/course/resourceLibrary', icon: 'resource' },
  // Not in SPEC's table: the server adds id 14 to a manager holding the admin right.
  { id: '14', label: 'schoolAdmin', path: '/course/admin', icon: 'admin' },
  // Not in SPEC's table either: the server adds id 15 to every manager (client type 2).
  { id: '15', label: 'quotaAdmin', path: '/course/quota', icon: 'quota' },
  // Work placement: every side (a student's own, a teacher's students, a manager's school); the server adds id 16.
  { id: '16', label: 'placements', path: '/course/placements', icon: 'course' },
]

export function visibleMenu(session: Session | null): MenuItem[] {
  const ids = menuIds(session)
  return MENU_ITEMS.filter(item => ids.has(item.id))
}

/**
 * The entry to highlight for a path: the first visible one whose path is a
 * prefix (several entries may share /course/list; only one lights up).
 */
export function activeMenuId(items: readonly MenuItem[], path: string): string | undefined {
  const lower = path.toLowerCase()
  return items.find(item => lower === item.path.toLowerCase() || lower.startsWith(`${item.path.toLowerCase()}/`))?.id
}
