import type { ResourceKind } from '../../api/resources'
import type { $resourcesMessages } from '../../i18n'
import type { IconName } from '../shared/ui'

/** The kinds a resource is filed under (the kind filter), their icons and their names. */
export const KINDS: ResourceKind[] = ['video', 'audio', 'image', 'pdf', 'document', 'text', 'other']

export const KIND_ICON: Record<ResourceKind, IconName> = {
  video: 'video',
  audio: 'audio',
  image: 'image',
  pdf: 'pdf',
  document: 'file',
  text: 'text',
  other: 'file',
}

export function kindLabel(t: ReturnType<typeof $resourcesMessages.get>, kind: ResourceKind): string {
  return { video: t.kindVideo, audio: t.kindAudio, image: t.kindImage, pdf: t.kindPdf, document: t.kindDocument, text: t.kindText, other: t.kindOther }[kind]
}
