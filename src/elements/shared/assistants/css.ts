import { checkListCss, kitCss } from '../ui'
import { assistantCardCss } from './assistant-card'
import { assistantEditorCss } from './assistant-editor'
import { avatarCss } from './avatar'
import { avatarUploadCss } from './avatar-upload'
import { galleryCss } from './gallery-css'

/**
 * What an assistant gallery draws (cards, sections, the editor), in cascade order;
 * `extra` (an area's own rules) comes before the gallery layout, as it always did.
 */
export function assistantsCss(...extra: string[]): string {
  return [kitCss, avatarCss, assistantCardCss, ...extra, assistantEditorCss, checkListCss, avatarUploadCss, galleryCss].join('\n')
}
