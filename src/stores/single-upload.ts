import { Uploader, type StoredFile } from '../api/uploader'

/** Why one file did not upload: a code or the server's words (useUploadErrorText words it), and whether the file itself was refused (retryHelps). */
export class UploadFailure extends Error {
  constructor(
    message: string,
    readonly refused: boolean,
  ) {
    super(message)
    this.name = 'UploadFailure'
  }
}

/**
 * One file through the chunked, resumable uploader (a dropped connection
 * resumes from the chunks the server has). `onProgress` gets 0–1; resolves
 * with the stored file, rejects with an UploadFailure (the server's reason
 * or the uploader's code: `network`, `empty`). Lesson videos and
 * the files of practical tasks go through here.
 */
export function uploadOneFile(file: File, onProgress: (fraction: number) => void): Promise<StoredFile> {
  const uploader = new Uploader<null>()
  return new Promise((resolve, reject) => {
    const stop = uploader.subscribe(event => {
      if (event.type === 'complete') return
      const { item } = event
      if (event.type === 'progress') onProgress(item.progress)
      if (event.type === 'success' && item.file) {
        stop()
        resolve(item.file)
      }
      if (event.type === 'error') {
        stop()
        reject(new UploadFailure(item.error ?? '', item.refused))
      }
    })
    uploader.add([file], null)
  })
}
