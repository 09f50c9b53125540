/**
 * The shell's icons: shapes from the kit's one set (shared/ui/shell-icons.ts),
 * inline SVG (stroke, 24×24, currentColor) so the shell needs no icon font or
 * extra request; the `zx-icon` classes of the page's CSS and the student
 * variants (the same drawings, filled and rounder) are the shell's own.
 */
import { SHELL_ICON_PATHS } from '../elements/shared/ui/shell-icons'

const PATHS = SHELL_ICON_PATHS

export type IconName = keyof typeof PATHS
export type MenuIconName =
  'ai' | 'course' | 'courseEvaluation' | 'dialogue' | 'evaluation' | 'knowledge' | 'practice' | 'record' | 'resource' | 'admin' | 'quota'

/** SPEC §2: students get their own versions of these four. */
const STUDENT_VARIANTS: ReadonlySet<MenuIconName> = new Set(['ai', 'course', 'dialogue', 'practice'])

export function Icon({ name, student = false, className }: { name: IconName; student?: boolean; className?: string }) {
  const variant = student && STUDENT_VARIANTS.has(name as MenuIconName)
  return (
    <svg
      className={`zx-icon${variant ? ' zx-icon-student' : ''}${className ? ` ${className}` : ''}`}
      data-icon={variant ? `student-${name}` : name}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false">
      <path d={PATHS[name]} />
    </svg>
  )
}
