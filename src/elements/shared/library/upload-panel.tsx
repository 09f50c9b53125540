import { useStore } from '@nanostores/react'
import type { UploadItem } from '../../../api/uploader'
import { $resourcesMessages } from '../../../i18n'
import {
  $unfinishedUploads,
  $uploads,
  cancelUpload,
  clearFinishedUploads,
  forgetUnfinished,
  pauseUpload,
  resumeOrStart,
  resumeUpload,
  retryUpload,
  type UploadTarget,
} from '../../../stores/uploads'
import { fill, formatBytes, formatDuration } from '../format'
import { UploadFilesButton } from './upload-files-button'
import { Icon, IconButton } from '../ui'
import { retryHelps, useUploadErrorText } from '../use-upload-error-text'
import { styles } from '../styles'

/**
 * Every upload of the page with its progress (percent, speed, time left) and
 * controls, plus the uploads an earlier page left unfinished: choosing those
 * files again continues where they stopped. `filter` limits the list to one
 * library's uploads.
 */
export function UploadPanel({ filter, fallback, accept }: { filter: (target: UploadTarget) => boolean; fallback: UploadTarget; accept?: string }) {
  const t = useStore($resourcesMessages)
  const items = useStore($uploads).filter(item => filter(item.meta))
  const unfinished = useStore($unfinishedUploads).filter(u => filter(u.meta))
  if (items.length === 0 && unfinished.length === 0) return null
  const hasDone = items.some(i => i.status === 'success' || i.status === 'error')

  return (
    <section className="upload-panel" aria-label={t.uploads} data-testid="upload-panel">
      {unfinished.length ? (
        <div className="unfinished" role="status" data-testid="unfinished-uploads">
          <Icon name="alert" />
          <div className="unfinished-text">
            <strong>{t.unfinishedTitle}</strong>
            <span>{t.unfinishedHint}</span>
            <ul>
              {unfinished.map(u => (
                <li key={u.key}>
                  <span className="name">{u.name}</span>
                  <span className="muted">
                    {formatBytes(u.size)} · {Math.floor(u.progress * 100)}%
                  </span>
                  <button type="button" className="link-button" onClick={() => forgetUnfinished(u.key)}>
                    {t.discard}
                  </button>
                </li>
              ))}
            </ul>
          </div>
          <UploadFilesButton
            label={t.chooseAgain}
            accept={accept}
            buttonTestId="choose-again"
            inputTestId="resume-input"
            onFiles={files => resumeOrStart(files, fallback)}
          />
        </div>
      ) : null}
      {items.length ? (
        <>
          <header className="upload-head">
            <h3>{t.uploads}</h3>
            {hasDone ? (
              <button type="button" className="link-button" onClick={clearFinishedUploads}>
                {t.clearDone}
              </button>
            ) : null}
          </header>
          <ul className="upload-list">
            {items.map(item => (
              <UploadRow key={item.id} item={item} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}

function UploadRow({ item }: { item: UploadItem<UploadTarget> }) {
  const t = useStore($resourcesMessages)
  const errorText = useUploadErrorText()
  const percent = Math.floor((item.status === 'reading' ? item.readProgress : item.progress) * 100)
  const status = {
    pending: t.waiting,
    reading: fill(t.reading, { percent }),
    uploading: t.uploading,
    retry: t.retrying,
    paused: t.paused,
    success: t.done,
    error: errorText(item.error),
  }[item.status]
  const moving = item.status === 'uploading' && item.speed > 0
  return (
    <li className={`upload-row ${item.status}`} data-testid="upload-row" data-status={item.status}>
      <div className="upload-line">
        <span className="name" title={item.name}>
          {item.name}
        </span>
        <span className="muted">{formatBytes(item.size)}</span>
        <span className="upload-actions">
          {item.status === 'uploading' || item.status === 'retry' || item.status === 'reading' ? (
            <IconButton icon="pause" label={t.pause} onClick={() => pauseUpload(item.id)} testId="pause-upload" />
          ) : null}
          {item.status === 'paused' ? <IconButton icon="play" label={t.resume} onClick={() => resumeUpload(item.id)} testId="resume-upload" /> : null}
          {item.status === 'error' && retryHelps(item) ? (
            <IconButton icon="refresh" label={t.retry} onClick={() => retryUpload(item.id)} testId="retry-upload" />
          ) : null}
          {item.status !== 'success' ? <IconButton icon="close" label={t.cancel} onClick={() => cancelUpload(item.id)} /> : null}
        </span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={item.status === 'reading' ? 0 : Math.floor(item.progress * 100)}
        aria-label={item.name}>
        <span style={{ width: `${item.status === 'reading' ? percent : Math.floor(item.progress * 100)}%` }} />
      </div>
      <div className="upload-meta">
        <span className={item.status === 'error' ? 'error-text' : ''} data-testid="upload-status">
          {status}
        </span>
        {item.status !== 'reading' && item.status !== 'error' ? <span data-testid="upload-percent">{Math.floor(item.progress * 100)}%</span> : null}
        {moving ? <span>{fill(t.speed, { speed: formatBytes(item.speed) })}</span> : null}
        {moving && item.timeLeft !== null ? <span>{fill(t.timeLeft, { time: formatDuration(item.timeLeft, t) })}</span> : null}
      </div>
    </li>
  )
}

export const uploadPanelCss = `
.upload-panel { display: flex; flex-direction: column; gap: 10px; padding: 12px 14px; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_bg-elevated); }
.upload-head { display: flex; align-items: center; justify-content: space-between; }
.upload-head h3 { margin: 0; font-size: 14px; }
.upload-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px; max-height: 260px; overflow: auto; }
.upload-row { display: flex; flex-direction: column; gap: 4px; }
.upload-line { display: flex; align-items: center; gap: 8px; min-width: 0; }
.upload-line .name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: 14px; }
.upload-actions { display: flex; gap: 2px; }
.upload-actions .icon-button { width: 28px; height: 28px; }
.progress { height: 6px; border-radius: 3px; background: var(--_bg-subtle); overflow: hidden; }
.progress span { display: block; height: 100%; background: var(--_primary); border-radius: 3px; transition: width 200ms; }
.upload-row.success .progress span { background: var(--_success); }
.upload-row.error .progress span { background: var(--_danger); }
.upload-row.paused .progress span, .upload-row.retry .progress span { background: var(--_warning); }
.upload-meta { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 12px; color: var(--_text-muted); }
.error-text { color: var(--_danger); }
.muted { color: var(--_text-muted); font-size: 12px; white-space: nowrap; }
.link-button { border: 0; background: none; padding: 0; color: var(--_primary-strong); font: inherit; font-size: 13px; cursor: pointer; }
.link-button:hover { text-decoration: underline; }
.unfinished { display: flex; gap: 12px; align-items: flex-start; flex-wrap: wrap; padding: 10px 12px; border-radius: var(--_radius-small); background: color-mix(in srgb, var(--_warning) 10%, transparent); }
.unfinished > .icon { color: var(--_warning); margin-top: 2px; }
.unfinished-text { flex: 1; min-width: 200px; display: flex; flex-direction: column; gap: 4px; font-size: 13px; }
.unfinished-text ul { margin: 4px 0 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: 4px; }
.unfinished-text li { display: flex; gap: 8px; align-items: baseline; }
.unfinished-text .name { font-weight: 500; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`

UploadPanel.styles = styles(uploadPanelCss)
