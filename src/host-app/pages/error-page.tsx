import { useStore } from '@nanostores/react'
import { $pageMessages } from '../../i18n'
import { navigate, safeRedirect } from '../router'

/** The /404 and /500 pages. */
export function ErrorPage({ status, retryPath }: { status: 404 | 500; retryPath?: string }) {
  const t = useStore($pageMessages)
  const [title, text] = status === 404 ? [t.notFoundTitle, t.notFoundText] : [t.serverErrorTitle, t.serverErrorText]
  return (
    <main className="zx-error-page" data-page={String(status)}>
      <p className="zx-error-code" aria-hidden="true">
        {status}
      </p>
      <h1>{title}</h1>
      <p className="zx-hint">{text}</p>
      <div className="zx-error-actions">
        <a className="zx-button zx-button-primary" href="/">
          {t.backHome}
        </a>
        {status === 500 && retryPath ? (
          <button type="button" className="zx-button" onClick={() => navigate(safeRedirect(retryPath))}>
            {t.retry}
          </button>
        ) : null}
      </div>
    </main>
  )
}
