import { useStore } from '@nanostores/react'
import { $resourcesMessages } from '../../i18n'

/**
 * Words an upload's error for the reader: the uploader's own codes (`network`,
 * `empty`) in the reader's language, a server's refusal as it came (the server
 * already answers in the client's language), nothing at all as "upload failed".
 */
export function useUploadErrorText(): (error: string | null | undefined) => string {
  const t = useStore($resourcesMessages)
  return error => (error === 'network' ? t.networkError : error === 'empty' ? t.emptyFile : error || t.failed)
}

/**
 * Whether sending the file again could help: not when the file itself was
 * refused (empty, a type the server does not take, already in the knowledge
 * base). The uploader decides that from the server's status, which the
 * wording alone cannot tell (UploadItem.refused).
 */
export const retryHelps = (failure: { refused?: boolean }): boolean => !failure.refused
