import { useStore } from '@nanostores/react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { fetchAgreement, type Agreement } from '../../api/content'
import { $common, $locale, $pageMessages } from '../../i18n'
import type { Page } from '../guard'

// The markdown renderer (marked, DOMPurify: 35 KB gzip) loads with the
// agreement's text, not with the host app: /login links here but never shows it.
const MarkdownView = lazy(() => import('../../elements/shared/markdown').then(module => ({ default: module.MarkdownView })))

/** The user agreement (`?id=`, default 1; the privacy policy is id 2), rendered from sanitized markdown. */
export function AgreementPage({ page }: { page: Page }) {
  const t = useStore($pageMessages)
  const common = useStore($common)
  const locale = useStore($locale)
  const id = page.search.id || '1'
  const [agreement, setAgreement] = useState<Agreement | null>()

  useEffect(() => {
    let live = true
    setAgreement(undefined)
    fetchAgreement(id).then(
      result => live && setAgreement(result),
      () => live && setAgreement(null),
    )
    return () => {
      live = false
    }
  }, [id])

  // The document usually opens with its own title (`# …`): that is the page's <h1> (markdown headings render a level down).
  const opening = agreement ? /^\s*#[ \t]+(.+)(?:\n|$)/.exec(agreement.content) : null
  const title = opening?.[1]?.trim() || agreement?.title || t.agreementTitle
  const body = agreement && opening ? agreement.content.slice(opening[0].length) : agreement?.content

  return (
    <div className="zx-document-page" data-page="agreement">
      <a className="zx-back-link" href="/login" onClick={event => history.length > 1 && (event.preventDefault(), history.back())}>
        ← {common.back}
      </a>
      <article className="zx-document">
        <h1>{title}</h1>
        {agreement === undefined ? <p className="zx-hint">{common.loading}</p> : null}
        {agreement === null ? <zx-empty-state /> : null}
        {agreement ? (
          <Suspense fallback={<p className="zx-hint">{common.loading}</p>}>
            <MarkdownView className="zx-markdown" text={body ?? ''} locale={locale} />
          </Suspense>
        ) : null}
      </article>
    </div>
  )
}
