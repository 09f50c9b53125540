import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import { uploadFile } from '../../api/files'
import { fetchSite, saveAgreement, saveSite, type SiteSettings } from '../../api/admin'
import { errorMessage } from '../shared/error-message'
import { $adminMessages, $common } from '../../i18n'
import { showToast } from '../../stores/toasts'
import { LoadFailure } from '../shared/load'
import { Field, FormError } from '../shared/ui'
import { useLoadable } from '../shared/load/use-loadable'

/** Title, logos, the login-page notice and the agreements (what the home config and agreement calls serve). */
export function SitePanel() {
  const t = useStore($adminMessages)
  const [site, siteStore] = useLoadable(() => fetchSite(), [], { keep: true })
  const reloadSite = () => void siteStore.load()
  if (site.error) return <LoadFailure error={site.error} what={t.tabSite} onRetry={reloadSite} />
  if (!site.data) return <zx-skeleton variant="rows" count={4} />
  return <SiteForm site={site.data} />
}

type LogoKey = 'siteLogo' | 'textLogo'

function SiteForm({ site }: { site: SiteSettings }) {
  const t = useStore($adminMessages)
  const [values, setValues] = useState({ siteTitle: site.siteTitle, siteLogo: site.siteLogo, textLogo: site.textLogo, loginNotice: site.loginNotice })
  const [agreements, setAgreements] = useState(site.agreements)
  const [error, setError] = useState('')
  const [previews, setPreviews] = useState<Record<LogoKey, string>>({ siteLogo: '', textLogo: '' })
  const [uploading, setUploading] = useState<Record<LogoKey, boolean>>({ siteLogo: false, textLogo: false })
  useEffect(() => setAgreements(site.agreements), [site])
  // Local previews are let go when the panel closes (and each one when replaced, in showPreview).
  const previewUrls = useRef(previews)
  previewUrls.current = previews
  useEffect(() => () => Object.values(previewUrls.current).forEach(url => url && URL.revokeObjectURL(url)), [])
  const showPreview = (key: LogoKey, url: string) =>
    setPreviews(p => {
      if (p[key]) URL.revokeObjectURL(p[key])
      return { ...p, [key]: url }
    })

  async function attempt(action: () => Promise<unknown>) {
    setError('')
    try {
      await action()
      showToast('success', t.saved)
    } catch (failure) {
      setError(errorMessage(failure, $common.get()))
    }
  }

  async function pickLogo(key: LogoKey, file: File) {
    showPreview(key, URL.createObjectURL(file))
    setUploading(u => ({ ...u, [key]: true }))
    setError('')
    try {
      const up = await uploadFile(file)
      setValues(v => ({ ...v, [key]: up.url }))
    } catch (failure) {
      showPreview(key, '')
      setError(errorMessage(failure, $common.get()))
    } finally {
      setUploading(u => ({ ...u, [key]: false }))
    }
  }

  const logo = (key: LogoKey, label: string, testId: string) => {
    // A new upload stays private until the site is saved, so the server's url cannot be drawn yet:
    // the chosen file itself is shown from the moment it is picked.
    const shown = previews[key] || values[key]
    return (
      <Field label={label}>
        <div className="row">
          {shown ? <img className="logo-preview" src={shown} alt={label} data-testid={`${testId}-preview`} /> : null}
          <label className="button">
            {uploading[key] ? t.uploading : t.upload}
            <input
              type="file"
              accept="image/*"
              className="visually-hidden"
              data-testid={`${testId}-file`}
              disabled={uploading[key]}
              onChange={e => {
                const file = e.target.files?.[0]
                if (file) void pickLogo(key, file)
                e.target.value = ''
              }}
            />
          </label>
          <button type="button" className="button ghost" onClick={() => (setValues(v => ({ ...v, [key]: '' })), showPreview(key, ''))}>
            {t.resetToDefault}
          </button>
        </div>
      </Field>
    )
  }

  return (
    <div className="panel" data-testid="admin-site">
      <FormError message={error} />
      <section className="card">
        <Field label={t.siteTitle}>
          <input className="input" name="siteTitle" value={values.siteTitle} onChange={e => setValues({ ...values, siteTitle: e.target.value })} />
        </Field>
        {logo('siteLogo', t.siteLogo, 'site-logo')}
        {logo('textLogo', t.textLogo, 'text-logo')}
        <Field label={t.loginNotice} hint={t.loginNoticeHint}>
          <textarea className="textarea" name="loginNotice" value={values.loginNotice} onChange={e => setValues({ ...values, loginNotice: e.target.value })} />
        </Field>
        <div className="row">
          <button type="button" className="button primary" data-testid="site-save" onClick={() => void attempt(() => saveSite(values))}>
            {t.save}
          </button>
        </div>
      </section>
      {agreements.map((a, i) => (
        <section className="card" key={a.id}>
          <Field label={a.id === '1' ? t.agreement : t.privacy}>
            <textarea
              className="textarea"
              rows={10}
              value={a.content}
              onChange={e => setAgreements(agreements.map((x, j) => (j === i ? { ...x, content: e.target.value } : x)))}
            />
          </Field>
          <div className="row">
            <button type="button" className="button" onClick={() => void attempt(() => saveAgreement(a.id, a.content))}>
              {t.saveAgreement}
            </button>
          </div>
        </section>
      ))}
    </div>
  )
}
