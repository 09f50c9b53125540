import { i18n } from './core'
import { zhCN } from './zh-CN'

export { $locale, i18n, loadLocale } from './core'

// One definition per component group (nanostores/i18n warns on redefinition).
// The shell's groups live here; each area's group lives in ./groups/<area>.ts,
// re-exported below, so the build puts an area's words (zh-CN, the base) in
// the chunks of the elements that show them, not in the host app's first load.
export const $common = i18n('common', zhCN.common)
export const $menuMessages = i18n('menu', zhCN.menu)
export const $areaMessages = i18n('areas', zhCN.areas)
export const $shellMessages = i18n('shell', zhCN.shell)
export const $loginMessages = i18n('login', zhCN.login)
export const $profileMessages = i18n('profile', zhCN.profile)
export const $pageMessages = i18n('pages', zhCN.pages)
export const $loadStateMessages = i18n('loadState', zhCN.loadState)
export const $phoneMessages = i18n('phone', zhCN.phone)

export { $chatMessages } from './groups/chat'
export { $assistantsMessages } from './groups/assistants'
export { $practiceMessages } from './groups/practice'
export { $coursesMessages } from './groups/courses'
export { $portalsMessages } from './groups/portals'
export { $embedMessages } from './groups/embed'
export { $adminMessages } from './groups/admin'
export { $quotaMessages } from './groups/quota'
export { $phoneAccountMessages } from './groups/phone-account'
export { $knowledgeMessages } from './groups/knowledge'
export { $evaluationMessages } from './groups/evaluation'
export { $courseEvaluationMessages } from './groups/course-evaluation'
export { $resourcesMessages } from './groups/resources'
export { $boardMessages } from './groups/board'
export { $liveMessages } from './groups/live'
export { $mindmapsMessages } from './groups/mindmaps'
export { $safetyMessages } from './groups/safety'
export { $ltiMessages } from './groups/lti'
export { $signonMessages } from './groups/signon'
export { $placementsMessages } from './groups/placements'
export { $generationsMessages } from './groups/generations'
export { fillCounted } from './plural'
