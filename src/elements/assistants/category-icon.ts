import { isIconName, type IconName } from '../shared/ui'

/** The server names a category's icon; `check` there is the ticked box, not the bare tick. */
const CATEGORY_ALIASES: Record<string, IconName> = { check: 'checkSquare' }

/** A category's icon name from the server, or a neutral one. */
export function categoryIcon(name: string): IconName {
  return CATEGORY_ALIASES[name] ?? (isIconName(name) ? name : 'sparkles')
}
