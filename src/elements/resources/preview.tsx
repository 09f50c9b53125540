import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import type { Resource } from '../../api/resources'
import { $resourcesMessages } from '../../i18n'
import { Icon, Modal } from '../shared/ui'
import { MarkdownView } from '../shared/markdown'
import { markdownCss } from '../shared/markdown'
import { styles } from '../shared/styles'

const TEXT_PREVIEW_LIMIT = 200_000

/**
 * A resource shown in the page: images, video and audio (seeking works: the
 * server answers range requests), PDF in the browser's own viewer, text and
 * Markdown rendered through the sanitizing Markdown view. Anything else
 * offers the download.
 */
export function PreviewDialog({ resource, onClose }: { resource: Resource; onClose: () => void }) {
  const t = useStore($resourcesMessages)
  return (
    <Modal heading={resource.name} onClose={onClose} testId="preview-dialog" wide>
      <div className="preview">
        <PreviewBody resource={resource} />
      </div>
      <div className="modal-actions">
        <a className="button" href={resource.url} target="_blank" rel="noopener noreferrer">
          <Icon name="external" />
          {t.openInNewTab}
        </a>
        <a className="button primary" href={resource.downloadUrl} download={resource.name}>
          <Icon name="download" />
          {t.download}
        </a>
      </div>
    </Modal>
  )
}

function PreviewBody({ resource }: { resource: Resource }) {
  const t = useStore($resourcesMessages)
  switch (resource.kind) {
    case 'image':
      return <img className="preview-media" src={resource.url} alt={resource.name} />
    case 'video':
      return <video className="preview-media" src={resource.url} controls preload="metadata" data-testid="preview-video" />
    case 'audio':
      return <audio src={resource.url} controls preload="metadata" />
    case 'pdf':
      return <iframe className="preview-pdf" src={resource.url} title={resource.name} />
    case 'text':
      return <TextPreview resource={resource} />
    default:
      return <p className="muted">{t.previewUnavailable}</p>
  }
}

function TextPreview({ resource }: { resource: Resource }) {
  const [text, setText] = useState<string | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    fetch(resource.url, { signal: controller.signal, headers: { range: `bytes=0-${TEXT_PREVIEW_LIMIT - 1}` } })
      .then(response => response.text())
      .then(setText, () => {})
    return () => controller.abort()
  }, [resource.url])
  if (text === null) return null
  const markdown = /\.(md|markdown)$/i.test(resource.name)
  // Plain text goes through the same sanitizing renderer, fenced so nothing in it is read as markup.
  return <div className="preview-text">{markdown ? <MarkdownView text={text} /> : <pre>{text}</pre>}</div>
}

export const previewCss = `
.preview { display: grid; place-items: center; min-height: 200px; background: var(--_bg-subtle); border-radius: var(--_radius-small); overflow: hidden; }
.preview-media { max-width: 100%; max-height: 65vh; display: block; }
.preview-pdf { width: 100%; height: 65vh; border: 0; background: #fff; }
.preview-text { width: 100%; max-height: 65vh; overflow: auto; padding: 16px 20px; background: var(--_bg); align-self: stretch; }
.preview-text pre { margin: 0; white-space: pre-wrap; word-break: break-word; font-size: 14px; line-height: 1.7; }
a.button { text-decoration: none; }
`

PreviewDialog.styles = styles(markdownCss, previewCss)
