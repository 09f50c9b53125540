import { useStore } from '@nanostores/react'
import { useEffect, useState, type FormEvent } from 'react'
import { listAllAssistants, type AssistantCard } from '../../api/assistants'
import { listCourses, type CourseCard } from '../../api/courses'
import { fetchPortalSettings, savePortalSettings, type PortalInput, type PortalSlug } from '../../api/portals'
import { ApiError } from '../../api/errors'
import { $areaMessages, $embedMessages } from '../../i18n'
import { $embedKeys } from '../../stores/embed'
import { showToast } from '../../stores/toasts'
import { Select } from '../shared/select'
import { CheckList, Field, FieldSet, TabBar, FormError } from '../shared/ui'
import { usePhrasing } from '../shared/use-phrasing'

const PATHS: Record<PortalSlug, string> = { portal: '/portal', mainPortal: '/mainPortal', secondIndustryPortal: '/secondIndustryPortal' }

const EMPTY: PortalInput = { title: '', subtitle: '', banner: '', assistantIds: [], courseIds: [], links: [], embedKeyId: null }

/** Managers configure the three public portal pages (the server allows only client type 2 to save). */
export function PortalEditor() {
  const t = useStore($embedMessages)
  const say = usePhrasing()
  const areas = useStore($areaMessages)
  const keys = useStore($embedKeys)
  const [slug, setSlug] = useState<PortalSlug>('portal')
  const [draft, setDraft] = useState<PortalInput>(EMPTY)
  const [assistants, setAssistants] = useState<AssistantCard[]>([])
  const [courses, setCourses] = useState<CourseCard[]>([])
  const [error, setError] = useState('')

  useEffect(() => {
    // What a public page may feature: system assistants and those published to the whole school, whoever made them.
    listAllAssistants({ scope: 'school' }).then(
      cards => setAssistants(cards.filter(c => c.kind !== 'form')),
      () => {},
    )
    listCourses({ status: 'published', pageSize: 100 }, { quiet: true }).then(
      list => setCourses(list.items),
      () => {},
    )
  }, [])
  useEffect(() => {
    setError('')
    fetchPortalSettings(slug).then(
      s =>
        setDraft({
          title: s.title,
          subtitle: s.subtitle,
          banner: s.banner,
          assistantIds: s.assistantIds,
          courseIds: s.courseIds,
          links: s.links,
          embedKeyId: s.embedKeyId,
        }),
      () => {},
    )
  }, [slug])

  const set = <K extends keyof PortalInput>(name: K, value: PortalInput[K]) => setDraft(d => ({ ...d, [name]: value }))
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setError('')
    try {
      await savePortalSettings(slug, draft)
      showToast('success', t.portalSaved)
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught))
    }
  }

  return (
    <section className="portals" aria-labelledby="portals-title" data-testid="portal-editor">
      <h2 id="portals-title">{t.portalsTitle}</h2>
      <p className="intro">{t.portalsIntro}</p>
      <TabBar
        tabs={{ portal: areas.portal, mainPortal: areas.mainPortal, secondIndustryPortal: areas.secondIndustryPortal }}
        active={slug}
        onSelect={setSlug}
      />
      <form className="portal-form" onSubmit={submit}>
        <div className="grid2">
          <Field label={t.portalTitle}>
            <input className="input" maxLength={60} value={draft.title} onChange={e => set('title', e.target.value)} />
          </Field>
          <Field label={t.portalSubtitle}>
            <input className="input" maxLength={200} value={draft.subtitle} onChange={e => set('subtitle', e.target.value)} />
          </Field>
        </div>
        <Field label={t.banner} hint={t.bannerHint}>
          <input className="input" type="url" value={draft.banner} onChange={e => set('banner', e.target.value)} placeholder="https://" />
        </Field>
        <CheckList
          label={t.featuredAssistants}
          options={assistants.map(a => ({ id: a.id, label: a.title }))}
          value={draft.assistantIds}
          onChange={ids => set('assistantIds', ids)}
          testId="portal-assistants"
        />
        <CheckList
          label={t.featuredCourses}
          empty={t.noCourses}
          options={courses.map(c => ({ id: c.id, label: c.title }))}
          value={draft.courseIds}
          onChange={ids => set('courseIds', ids)}
          testId="portal-courses"
        />
        <FieldSet legend={t.links}>
          {draft.links.map((link, i) => (
            <div key={i} className="link-row">
              <input
                className="input"
                aria-label={t.linkTitle}
                placeholder={t.linkTitle}
                maxLength={40}
                value={link.title}
                onChange={e =>
                  set(
                    'links',
                    draft.links.map((l, j) => (j === i ? { ...l, title: e.target.value } : l)),
                  )
                }
              />
              <input
                className="input"
                aria-label={t.linkUrl}
                placeholder="https://"
                value={link.url}
                onChange={e =>
                  set(
                    'links',
                    draft.links.map((l, j) => (j === i ? { ...l, url: e.target.value } : l)),
                  )
                }
              />
              <button
                type="button"
                className="button ghost"
                aria-label={t.removeLink}
                onClick={() =>
                  set(
                    'links',
                    draft.links.filter((_, j) => j !== i),
                  )
                }>
                ×
              </button>
            </div>
          ))}
          <button type="button" className="button" onClick={() => set('links', [...draft.links, { title: '', url: '' }])}>
            {t.addLink}
          </button>
        </FieldSet>
        <Field label={t.chatKey}>
          <Select
            value={draft.embedKeyId ?? ''}
            onChange={e => set('embedKeyId', e.target.value || null)}
            none={t.noChat}
            options={keys.filter(k => k.hostedPages).map(k => ({ value: k.key, label: say.withAside(k.name, k.assistant?.title ?? t.assistantGone) }))}
          />
        </Field>
        <FormError message={error} />
        <div className="modal-actions">
          <a className="button ghost" href={PATHS[slug]} target="_blank" rel="noopener">
            {t.openPortal}
          </a>
          <button type="submit" className="button primary">
            {t.save}
          </button>
        </div>
      </form>
    </section>
  )
}
