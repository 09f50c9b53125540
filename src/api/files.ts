import { request, type RequestOptions } from './client'

/**
 * The one-request upload (SPEC §7, `app/api/file/upload`): avatars, covers,
 * rosters, question imports. Large files (resources, knowledge documents)
 * go through the chunked uploader (uploader.ts) instead.
 */

export interface UploadedFile {
  id: string
  url: string
  name: string
  size: number
  mime: string
}

export function uploadFile(file: File, options?: RequestOptions): Promise<UploadedFile> {
  const form = new FormData()
  form.append('file', file)
  return request<UploadedFile>('POST', 'app/api/file/upload', form, options)
}
