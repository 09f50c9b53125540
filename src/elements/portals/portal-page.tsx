import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { fetchPortal, type Portal, type PortalSlug } from '../../api/portals'
import { ApiError, isNotFound } from '../../api/errors'
import { $portalsMessages } from '../../i18n'
import { $appSetting } from '../../stores/settings'
import { $token } from '../../stores/token'
import { hostOf, type ElementProps } from '../shared/define-element'
import { LoadFailure, useLoadable } from '../shared/load'
import { loadEmbedScript } from './embed-script'

const SLUGS: PortalSlug[] = ['portal', 'mainPortal', 'secondIndustryPortal']

/**
 * `<zx-portal slug="mainPortal">`: a public portal page (/portal, /mainPortal,
 * /secondIndustryPortal) as the school's manager set it up: banner, featured
 * assistants and courses, links, and the chat launcher of its embed key (the
 * same script-tag widget a CMS page gets). The host app's routes pass the
 * page as data-area; `slug` overrides it.
 */
export interface PortalPageProps extends ElementProps {
  slug?: string
}

export function PortalPage({ container, slug }: PortalPageProps) {
  const t = useStore($portalsMessages)
  const setting = useStore($appSetting)
  const signedIn = !!useStore($token)
  const host = hostOf(container)
  const wanted = (slug || host?.dataset.area || 'portal') as PortalSlug
  const [load, store] = useLoadable(() => (SLUGS.includes(wanted) ? fetchPortal(wanted) : Promise.reject(new ApiError(404, '', 404))), [wanted])
  const portal: Portal | null = load.data ?? null

  // The chat launcher: floating, bottom right, gone when the visitor leaves the portal.
  const chatKey = portal?.chatKey
  useEffect(() => {
    if (!chatKey) return
    let id: string | undefined
    let live = true
    loadEmbedScript().then(
      zhixue => {
        if (live)
          id = zhixue.init({ key: chatKey, id: `portal-${wanted}`, locale: setting.language, theme: setting.theme, authToken: $token.get() || undefined })
      },
      () => {},
    )
    return () => {
      live = false
      if (id) void loadEmbedScript().then(zhixue => zhixue.destroy(id))
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the panel is mounted once per key; language and theme changes go to the mounted panel
  }, [chatKey, wanted])

  if (load.status === 'failed') {
    return (
      <div className="portal" part="base">
        {/* A portal the school has not set up is "not found"; anything else can be retried. */}
        {isNotFound(load.error) ? (
          <zx-empty-state heading={t.notFound} />
        ) : (
          <LoadFailure error={load.error} what={t.defaultTitle} onRetry={() => void store.retry()} />
        )}
      </div>
    )
  }
  if (!portal) {
    return (
      <div className="portal" part="base">
        <zx-skeleton variant="cards" count={3} />
      </div>
    )
  }

  const title = portal.title || portal.schoolName || t.defaultTitle
  const empty = portal.assistants.length === 0 && portal.courses.length === 0 && portal.links.length === 0
  return (
    <div className="portal" part="base" data-testid="portal">
      <header className="hero" part="header">
        {portal.banner ? <img className="hero-image" src={portal.banner} alt="" /> : null}
        <div className="hero-text">
          {portal.title && portal.schoolName ? <p className="school">{portal.schoolName}</p> : null}
          <h1>{title}</h1>
          <p className="subtitle">{portal.subtitle || t.defaultSubtitle}</p>
          <a className="cta" part="actions" href={signedIn ? '/course/dialogue' : '/login'}>
            {signedIn ? t.enterPlatform : t.signIn}
          </a>
        </div>
      </header>
      <main className="sections" part="body">
        {empty ? <zx-empty-state message={t.emptyPortal} /> : null}
        {portal.assistants.length ? (
          <section aria-labelledby="portal-assistants">
            <h2 id="portal-assistants">{t.featuredAssistants}</h2>
            <ul className="cards">
              {portal.assistants.map(a => (
                <li key={a.id} className="card">
                  <div className="card-avatar" aria-hidden="true">
                    {a.avatar ? <img src={a.avatar} alt="" /> : a.title.slice(0, 1)}
                  </div>
                  <h3>{a.title}</h3>
                  <p>{a.description}</p>
                  <a className="card-link" href={`/course/chat?assistantId=${encodeURIComponent(a.id)}`}>
                    {t.useAssistant}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {portal.courses.length ? (
          <section aria-labelledby="portal-courses">
            <h2 id="portal-courses">{t.featuredCourses}</h2>
            <ul className="cards">
              {portal.courses.map(c => (
                <li key={c.id} className="card course">
                  {c.cover ? <img className="cover" src={c.cover} alt="" /> : <div className="cover" aria-hidden="true" />}
                  <h3>{c.title}</h3>
                  <p>{c.description}</p>
                  <a className="card-link" href={`/course/detail/${encodeURIComponent(c.id)}`}>
                    {t.viewCourse}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {portal.links.length ? (
          <section aria-labelledby="portal-links">
            <h2 id="portal-links">{t.links}</h2>
            <ul className="links">
              {portal.links.map(l => (
                <li key={`${l.title}${l.url}`}>
                  <a href={l.url} rel="noopener" target={l.url.startsWith('/') ? undefined : '_blank'}>
                    {l.title}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {chatKey ? <p className="chat-hint">{t.chatHint}</p> : null}
      </main>
    </div>
  )
}

export const portalPageCss = `
:host { display: block; min-height: 100vh; background: var(--_bg-subtle); }
.portal { min-height: 100vh; }
.hero { position: relative; overflow: hidden; padding: 72px 0 64px; color: #fff; background: linear-gradient(135deg, #0b4f6c 0%, #0a7ea8 45%, #32c5ff 100%); }
.hero-image { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
.hero-image + .hero-text::before { content: ''; position: absolute; inset: 0; background: linear-gradient(90deg, rgba(8, 19, 28, 0.7), rgba(8, 19, 28, 0.2)); z-index: -1; }
.hero-text { position: relative; z-index: 1; max-width: 1080px; margin: 0 auto; padding: 0 24px; }
.school { margin: 0 0 8px; opacity: 0.85; letter-spacing: 0.08em; }
.hero h1 { margin: 0; font-size: clamp(28px, 5vw, 44px); line-height: 1.2; }
.subtitle { margin: 12px 0 28px; font-size: 17px; opacity: 0.92; max-width: 60ch; }
.cta { display: inline-flex; align-items: center; height: 42px; padding: 0 22px; border-radius: 999px; background: #fff; color: #0a4f6c; font-weight: 600; text-decoration: none; }
.cta:hover { text-decoration: none; box-shadow: 0 6px 20px rgba(0, 0, 0, 0.2); }
.sections { max-width: 1080px; margin: 0 auto; padding: 32px 24px 96px; display: flex; flex-direction: column; gap: 36px; }
h2 { margin: 0 0 16px; font-size: 20px; }
.cards { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); gap: 16px; }
.card { display: flex; flex-direction: column; gap: 8px; padding: 18px; border-radius: var(--_radius); background: var(--_bg-elevated); border: 1px solid var(--_border); box-shadow: 0 1px 2px rgba(15, 23, 42, 0.04); }
.card h3 { margin: 0; font-size: 16px; }
.card p { margin: 0; color: var(--_text-muted); font-size: 13px; line-height: 1.6; flex: 1; display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden; }
.card-avatar { width: 44px; height: 44px; border-radius: 12px; display: grid; place-items: center; overflow: hidden; background: var(--_primary-soft); color: var(--_primary-strong); font-weight: 600; font-size: 20px; }
.card-avatar img { width: 100%; height: 100%; object-fit: cover; }
.cover { width: calc(100% + 36px); margin: -18px -18px 4px; height: 120px; object-fit: cover; background: linear-gradient(135deg, var(--_primary-soft), var(--_bg-subtle)); border-radius: var(--_radius) var(--_radius) 0 0; }
.card-link { align-self: flex-start; color: var(--_primary-strong); font-weight: 500; text-decoration: none; }
.card-link:hover { text-decoration: underline; }
.links { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 10px; }
.links a { display: inline-flex; padding: 8px 16px; border-radius: 999px; background: var(--_bg-elevated); border: 1px solid var(--_border); color: var(--_text); text-decoration: none; }
.links a:hover { border-color: var(--_primary); }
.chat-hint { margin: 0; color: var(--_text-muted); text-align: center; }
@media (max-width: 640px) { .hero { padding: 48px 0 40px; } .hero-text { padding: 0 16px; } .sections { padding: 24px 16px 96px; } }
`
