import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { uploadFile } from '../../api/account'
import { fetchSite, saveAgreement, saveSite, type SiteSettings } from '../../api/admin'
import { errorMessage } from '../../host-app/error-message'
import { $adminMessages, $common } from '../../i18n'
import { showToast } from '../../stores/toasts'
import { LoadFailure } from '../shared/load'
import { Field } from '../shared/ui'
import { useAdminLoad } from './use-admin-load'

/** Title, logos, the login-page notice and the agreements (what the home config and agreement calls serve). */
export function SitePanel() {
  const t = useStore($adminMessages)
  const site = useAdminLoad(() => fetchSite(), [])
  if (site.error) return <LoadFailure error={site.error} what={t.tabSite} onRetry={site.reload} />
  if (!site.data) return <zx-skeleton variant="rows" count={4} />
  return <SiteForm site={site.data} />
}

function SiteForm({ site }: { site: SiteSettings }) {
  const t = useStore($adminMessages)
  const [values, setValues] = useState({ siteTitle: site.siteTitle, siteLogo: site.siteLogo, textLogo: site.textLogo, loginNotice: site.loginNotice })
  const [agreements, setAgreements] = useState(site.agreements)
  const [error, setError] = useState('')
  useEffect(() => setAgreements(site.agreements), [site])

  async function attempt(action: () => Promise<unknown>) {
    setError('')
    try {
      await action()
      showToast('success', t.saved)
    } catch (failure) {
      setError(errorMessage(failure, $common.get()))
    }
  }

  const logo = (key: 'siteLogo' | 'textLogo', label: string) => (
    <Field label={label}>
      <div className="row">
        {values[key] ? <img className="logo-preview" src={values[key]} alt="" /> : null}
        <label className="button">
          {t.upload}
          <input
            type="file"
            accept="image/*"
            className="visually-hidden"
            onChange={e => {
              const file = e.target.files?.[0]
              if (file) void uploadFile(file).then(up => setValues(v => ({ ...v, [key]: up.url })))
            }}
          />
        </label>
        <button type="button" className="button ghost" onClick={() => setValues(v => ({ ...v, [key]: '' }))}>
          {t.resetToDefault}
        </button>
      </div>
    </Field>
  )

  return (
    <div className="panel" data-testid="admin-site">
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <section className="card">
        <Field label={t.siteTitle}>
          <input className="input" name="siteTitle" value={values.siteTitle} onChange={e => setValues({ ...values, siteTitle: e.target.value })} />
        </Field>
        {logo('siteLogo', t.siteLogo)}
        {logo('textLogo', t.textLogo)}
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
