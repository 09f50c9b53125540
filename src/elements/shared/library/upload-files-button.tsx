import { useRef } from 'react'
import { Icon } from '../ui'

/**
 * A primary "upload" button that opens the file chooser (a hidden input),
 * hands the chosen files on, and clears the input so choosing the same file
 * again still fires. Used by the resource and knowledge libraries.
 */
export function UploadFilesButton({
  label,
  accept,
  buttonTestId,
  inputTestId,
  onFiles,
}: {
  label: string
  accept?: string
  buttonTestId: string
  inputTestId: string
  onFiles: (files: File[]) => void
}) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <button type="button" className="button primary" data-testid={buttonTestId} onClick={() => input.current?.click()}>
        <Icon name="upload" />
        {label}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={accept}
        data-testid={inputTestId}
        onChange={event => {
          if (event.target.files?.length) onFiles(Array.from(event.target.files))
          event.target.value = ''
        }}
      />
    </>
  )
}
