import { useStore } from '@nanostores/react'
import { useEffect, useMemo, useState } from 'react'
import { fetchShare, type SharedMessage } from '../../api/chat'
import { isCancel } from '../../api/errors'
import { $common, $chatMessages, $locale } from '../../i18n'
import { aiLabel } from '../../i18n/shared/ai-label'
import { $appSetting } from '../../stores/settings'
import { Icon } from '../shared/ui'
import { questionContent, parseReferences } from '../shared/chat/message-content'
import { References } from '../shared/chat/references'
import { MarkdownView, type MarkdownLabels } from '../shared/markdown/index'
import type { ElementProps } from '../shared/define-element'

/**
 * `<zx-share-view share-id="…">`: one shared message, public (signed out is
 * fine) and nothing else of its chat. Without `share-id` it reads `?id=` of
 * the page, which is how /shareView links look.
 */
export interface ShareViewProps extends ElementProps {
  shareId?: string
}

const DEFAULT_LOGO = '/logo.svg'

export function ShareView({ shareId }: ShareViewProps) {
  const t = useStore($chatMessages)
  const common = useStore($common)
  const locale = useStore($locale)
  const { baseInfo } = useStore($appSetting)
  const id = shareId || new URLSearchParams(location.search).get('id') || ''
  /** undefined: loading; null: not found. */
  const [shared, setShared] = useState<SharedMessage | null>()
  const labels = useMemo<Partial<MarkdownLabels>>(() => ({ copy: t.copy, copied: t.copied, copyFailed: t.copyFailed }), [t])

  useEffect(() => {
    if (!id) {
      setShared(null)
      return
    }
    const controller = new AbortController()
    setShared(undefined)
    fetchShare(id, { signal: controller.signal }).then(setShared, error => {
      if (!isCancel(error)) setShared(null)
    })
    return () => controller.abort()
  }, [id])

  const title = baseInfo.siteTitle || common.productTitle
  const message = shared?.message
  const time = shared ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(shared.sharedAt)) : ''

  return (
    <div className="share-page" part="base" data-testid="share-view">
      <header className="share-brand" part="header">
        <a href="/" className="share-brand-link">
          <img src={baseInfo.siteLogo || DEFAULT_LOGO} alt="" />
          <span>{title}</span>
        </a>
      </header>
      <main className="share-main" part="body">
        {shared === undefined ? (
          <p className="share-loading" role="status">
            {common.loading}
          </p>
        ) : null}
        {shared === null ? (
          <section className="share-card share-missing" data-testid="share-not-found">
            <span className="share-missing-mark" aria-hidden="true">
              <Icon name="message" />
            </span>
            <h1>{t.sharedNotFound}</h1>
            <p>{t.sharedNotFoundText}</p>
            <a className="share-cta" part="actions" href="/">
              {t.openProduct}
            </a>
          </section>
        ) : null}
        {message ? (
          <article className="share-card" data-testid="shared-message" data-role={message.role}>
            {shared?.question ? (
              <section className="share-asked" data-testid="shared-question">
                <span className="share-asked-label">{t.sharedQuestion}</span>
                <SharedQuestion message={shared.question} />
              </section>
            ) : null}
            <header className="share-meta">
              <span className="share-avatar" aria-hidden="true">
                <Icon name={message.role === 'user' ? 'message' : 'sparkles'} />
              </span>
              <span className="share-who">
                <strong data-testid="shared-model">{message.role === 'user' ? t.sharedQuestion : message.modelLabel || message.model || t.sharedAnswer}</strong>
                {message.role !== 'user' && message.modelVersion ? <span className="share-version">{message.modelVersion}</span> : null}
              </span>
              <time className="share-time" dateTime={new Date(shared!.sharedAt).toISOString()}>
                {t.sharedAt({ time })}
              </time>
            </header>
            {message.role === 'user' || message.contentType === 'image' ? (
              // An image model's answer shows its pictures like an image question.
              <SharedQuestion message={message} />
            ) : (
              <MarkdownView text={message.content} locale={locale} labels={labels} className="share-markdown" />
            )}
            {message.editedAt ? (
              <p className="share-note" data-testid="shared-edited" role="note">
                {t.sharedEdited}
              </p>
            ) : null}
            {message.role !== 'user' && message.status === 'stopped' ? (
              <p className="share-note" data-testid="shared-stopped">
                {t.stopped}
              </p>
            ) : null}
            {parseReferences(message.reference).length ? <References references={parseReferences(message.reference)} /> : null}
          </article>
        ) : null}
        {message ? (
          <footer className="share-footer">
            <span>{t.sharedFooter}</span>
            {message.role !== 'user' ? (
              // The explicit label of AI-generated text, in the reader's language.
              <span className="share-ai-label" data-testid="share-ai-label">
                {aiLabel(locale)}
              </span>
            ) : null}
            <a className="share-cta" part="actions" href="/">
              {t.openProduct}
            </a>
          </footer>
        ) : null}
      </main>
    </div>
  )
}

function SharedQuestion({ message }: { message: Pick<SharedMessage['message'], 'contentType' | 'content'> }) {
  const t = useStore($chatMessages)
  const { text, images } = questionContent(message)
  return (
    <div className="share-question">
      {images.map((src, index) => (
        <img key={index} src={src} alt={t.imageAlt} className="share-image" />
      ))}
      <p>{text}</p>
    </div>
  )
}

export const shareViewCss = `
:host { display: block; min-height: 100vh; background: var(--_bg-subtle); color: var(--_text); }
.share-page { min-height: 100vh; display: flex; flex-direction: column; }
.share-brand { display: flex; align-items: center; height: 60px; padding: 0 24px; background: var(--_bg); border-bottom: 1px solid var(--_border); }
.share-brand-link { display: inline-flex; align-items: center; gap: 10px; min-width: 0; color: var(--_text); font-weight: 600; text-decoration: none; }
.share-brand-link img { width: 32px; height: 32px; border-radius: 8px; object-fit: contain; }
.share-brand-link span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.share-main { width: 100%; max-width: 820px; margin: 0 auto; padding: 32px 20px 48px; display: flex; flex-direction: column; gap: 16px; }
.share-card { padding: 28px 32px; background: var(--_bg-elevated); border: 1px solid var(--_border); border-radius: 16px; box-shadow: 0 8px 30px rgba(15, 23, 42, 0.06); }
.share-meta { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; margin-bottom: 18px; padding-bottom: 14px; border-bottom: 1px solid var(--_border); }
.share-avatar { display: grid; place-items: center; width: 32px; height: 32px; border-radius: 50%; background: linear-gradient(135deg, var(--_primary-strong), var(--_primary-hover)); color: var(--_on-primary); }
.share-avatar .icon { width: 18px; height: 18px; }
.share-who { display: inline-flex; align-items: baseline; gap: 8px; flex: 1; min-width: 0; }
.share-version { font-size: 12px; color: var(--_text-muted); }
.share-time { font-size: 12px; color: var(--_text-muted); }
.share-markdown { font-size: 15px; line-height: 1.8; }
.share-asked { margin-bottom: 18px; padding: 14px 16px; border-radius: 12px; background: var(--_bg-subtle); }
.share-asked-label { display: block; margin-bottom: 6px; font-size: 12px; font-weight: 600; color: var(--_text-muted); }
.share-note { margin: 10px 0 0; font-size: 13px; color: var(--_text-muted); display: inline-flex; align-items: center; gap: 6px; }
.share-note::before { content: ''; width: 8px; height: 8px; border-radius: 2px; background: var(--_text-muted); }
.share-question p { margin: 0; white-space: pre-wrap; word-break: break-word; font-size: 15px; line-height: 1.7; }
.share-image { max-width: 100%; max-height: 360px; border-radius: 12px; margin-bottom: 12px; display: block; }
.share-footer { display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap; color: var(--_text-muted); font-size: 13px; padding: 0 4px; }
.share-ai-label { padding: 2px 8px; border: 1px solid var(--_border); border-radius: 6px; color: var(--_text-muted); font-size: 12px; }
.share-cta {
  display: inline-flex; align-items: center; height: 34px; padding: 0 16px; border-radius: 17px;
  background: var(--_primary-strong); color: var(--_on-primary); font-weight: 600; font-size: 14px; text-decoration: none;
}
.share-cta:hover { background: var(--_primary-hover); }
.share-loading { text-align: center; color: var(--_text-muted); margin: 48px 0; }
.share-missing { display: flex; flex-direction: column; align-items: center; gap: 8px; text-align: center; padding: 48px 24px; }
.share-missing h1 { margin: 8px 0 0; font-size: 20px; }
.share-missing p { margin: 0 0 12px; color: var(--_text-muted); }
.share-missing-mark { display: grid; place-items: center; width: 56px; height: 56px; border-radius: 18px; background: var(--_primary-soft); color: var(--_primary-strong); }
.share-missing-mark .icon { width: 28px; height: 28px; }
@media (max-width: 639.98px) {
  .share-main { padding: 16px 12px 32px; }
  .share-card { padding: 20px 16px; }
  .share-brand { padding: 0 16px; }
}
`
