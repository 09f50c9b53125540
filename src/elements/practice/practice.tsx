import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useState } from 'react'
import type { InquiryRecord, PracticeApp } from '../../api/practice'
import { isImageUrl } from '../../../shared/image-url'
import { $assistantsMessages, $practiceMessages, $locale } from '../../i18n'
import { $canBuild, toggleFavorite } from '../../stores/assistants'
import { $builtinOnly, $inquiryCards, $inquiryRecords, $practiceApps, $practice, loadPractice, removePractice } from '../../stores/practice'
import { showToast } from '../../stores/toasts'
import { AssistantCard, chatHref } from '../shared/assistants/assistant-card'
import { AssistantEditor } from '../shared/assistants/assistant-editor'
import { ConfirmDialog, Icon, IconButton } from '../shared/ui'
import { hostOf, type ElementProps } from '../shared/define-element'
import { usePlace } from '../shared/place'
import { LoadFailure } from '../shared/load'
import { AppFrame } from './app-frame'
import { PracticeAppEditor } from './practice-app-editor'
import { RecordDialog } from './record-dialog'

/**
 * `<zx-practice>`: inquiry practice (SPEC `/course/appsExternal`). Guided
 * inquiry assistants (Socratic: they ask, the student finds the answer), the
 * inquiry records (a student's own; on the teaching side, their students'),
 * and the school's external practice apps, opened full-screen in a sandboxed
 * frame with a way back. Teachers create inquiry assistants and register apps.
 */
export interface PracticeProps extends ElementProps {
  /** The open practice app (the host keeps it in the URL as ?appId=…). */
  appId?: string
}

export function Practice({ container }: PracticeProps) {
  const t = useStore($practiceMessages)
  // The words it shares with the assistants area (its cards, favourites, the way back from a chat).
  const assistantWords = useStore($assistantsMessages)
  const locale = useStore($locale)
  const cards = useStore($inquiryCards)
  const records = useStore($inquiryRecords)
  const apps = useStore($practiceApps)
  const builtinOnly = useStore($builtinOnly)
  const practice = useStore($practice)
  const canBuild = useStore($canBuild)
  // The open app is a place of its own (?appId=…): Reload reopens it, Back closes it.
  const [openedId, setOpened] = usePlace(hostOf(container), 'appId')
  const opened = openedId ? apps.find(app => app.id === openedId) : undefined
  const [record, setRecord] = useState<InquiryRecord | null>(null)
  const [editingApp, setEditingApp] = useState<{ app?: PracticeApp } | null>(null)
  const [deletingApp, setDeletingApp] = useState<PracticeApp | null>(null)
  const [creatingInquiry, setCreatingInquiry] = useState(false)
  const [ownToaster] = useState(() => !document.querySelector('zx-toaster'))

  useEffect(() => {
    void loadPractice()
  }, [])
  const closeApp = useCallback(() => setOpened(''), [setOpened])

  const favorite = (id: string, favorite: boolean) => {
    $inquiryCards.set($inquiryCards.get().map(c => (c.id === id ? { ...c, favorite: !favorite } : c)))
    toggleFavorite({ id, favorite }).then(
      now => showToast('success', now ? assistantWords.favorited : assistantWords.unfavorited),
      () => $inquiryCards.set($inquiryCards.get().map(c => (c.id === id ? { ...c, favorite } : c))),
    )
  }

  // An app named by the URL that is not (or no longer) offered: back to the list, without a history entry.
  useEffect(() => {
    if (openedId && practice.status === 'ready' && !opened) setOpened('', { replace: true })
  }, [openedId, practice.status, opened, setOpened])

  if (opened) return <AppFrame app={opened} onBack={closeApp} />

  return (
    <div className="practice" part="base" data-testid="practice">
      <header className="apps-head" part="header">
        <div className="apps-heading">
          <h1>{t.practiceTitle}</h1>
          <p>{t.practiceSubtitle}</p>
        </div>
        {canBuild ? (
          <div className="head-tools" part="actions">
            <button type="button" className="button" onClick={() => setCreatingInquiry(true)} data-testid="create-inquiry">
              <Icon name="flask" />
              {assistantWords.createInquiry}
            </button>
            <button type="button" className="button primary" onClick={() => setEditingApp({})} data-testid="add-practice-app">
              <Icon name="plus" />
              {t.addApp}
            </button>
          </div>
        ) : null}
      </header>

      {practice.status === 'failed' ? (
        <LoadFailure error={practice.error} what={t.practiceTitle} onRetry={() => void $practice.retry()} />
      ) : practice.data === undefined ? (
        <zx-skeleton variant="cards" count={4} />
      ) : (
        <div className="practice-body" part="body">
          <section className="section">
            <h2 className="section-title">
              <Icon name="flask" /> {t.inquirySection}
            </h2>
            <p className="section-hint">{t.inquirySectionHint}</p>
            {builtinOnly ? (
              <p className="notice warning" role="note" data-testid="builtin-warning">
                <Icon name="info" />
                <span>{assistantWords.builtinInquiry}</span>
              </p>
            ) : null}
            <div className="grid" data-testid="inquiry-list">
              {cards.map(card => (
                <AssistantCard key={card.id} card={card} href={chatHref(card.id)} onFavorite={() => favorite(card.id, card.favorite)} />
              ))}
            </div>
          </section>

          <section className="section">
            <h2 className="section-title">
              <Icon name="clock" /> {canBuild ? t.studentRecordsSection : t.recordsSection}
            </h2>
            {records.length === 0 ? (
              <p className="empty-line">{canBuild ? t.noStudentRecords : t.noRecords}</p>
            ) : (
              <ul className="records" data-testid="records">
                {records.map(r => (
                  <li key={r.chatNumber}>
                    <button type="button" className="record" onClick={() => setRecord(r)}>
                      <span className="record-title">{r.title || t.recordUntitled}</span>
                      <span className="record-sub">
                        {canBuild ? `${r.student.name} · ` : ''}
                        {r.assistantTitle} · {t.recordQuestions({ count: r.questions })} · {new Date(r.updateTime).toLocaleDateString(locale)}
                      </span>
                    </button>
                    {!canBuild ? (
                      <a className="button ghost" href={chatHref(r.assistantId, r.chatNumber)}>
                        {assistantWords.startChat}
                      </a>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="section">
            <h2 className="section-title">
              <Icon name="lab" /> {t.externalSection}
            </h2>
            <p className="section-hint">{t.externalSectionHint}</p>
            {apps.length === 0 ? (
              <p className="empty-line">{canBuild ? t.noExternalTeacher : t.noExternal}</p>
            ) : (
              <div className="grid" data-testid="practice-apps">
                {apps.map(app => (
                  <article key={app.id} className="card" data-testid="practice-app">
                    <button type="button" className="card-main" onClick={() => setOpened(app.id)} aria-label={`${t.openApp} ${app.title}`}>
                      {app.icon && isImageUrl(app.icon) ? (
                        <img className="avatar" src={app.icon} alt="" width={44} height={44} referrerPolicy="no-referrer" />
                      ) : (
                        <span className="avatar app-icon" aria-hidden="true">
                          <Icon name="lab" />
                        </span>
                      )}
                      <span className="card-text">
                        <span className="card-title">
                          <span className="card-name">{app.title}</span>
                        </span>
                        <span className="card-description">{app.description || new URL(app.url).host}</span>
                        <span className="card-author">{assistantWords.byAuthor({ name: app.author })}</span>
                      </span>
                    </button>
                    {app.own ? (
                      <div className="card-tools">
                        <IconButton icon="pen" label={assistantWords.edit} of={app.title} onClick={() => setEditingApp({ app })} />
                        <IconButton icon="trash" label={assistantWords.delete} of={app.title} onClick={() => setDeletingApp(app)} />
                      </div>
                    ) : null}
                  </article>
                ))}
              </div>
            )}
          </section>
        </div>
      )}

      {record ? <RecordDialog record={record} onClose={() => setRecord(null)} /> : null}
      {editingApp ? <PracticeAppEditor app={editingApp.app} onClose={() => setEditingApp(null)} /> : null}
      {creatingInquiry ? (
        <AssistantEditor
          kind="inquiry"
          onClose={() => setCreatingInquiry(false)}
          onSaved={() => {
            setCreatingInquiry(false)
            void loadPractice()
          }}
        />
      ) : null}
      {deletingApp ? (
        <ConfirmDialog
          heading={t.deleteAppTitle}
          message={t.deleteAppConfirm({ title: deletingApp.title })}
          confirmLabel={assistantWords.delete}
          onCancel={() => setDeletingApp(null)}
          onConfirm={() => {
            const target = deletingApp
            setDeletingApp(null)
            removePractice(target.id).then(
              () => showToast('success', t.appDeleted),
              () => {},
            )
          }}
        />
      ) : null}
      {ownToaster ? <zx-toaster /> : null}
    </div>
  )
}

export const practiceCss = `
.practice { container: apps / inline-size; display: flex; flex-direction: column; gap: 20px; max-width: 1200px; margin: 0 auto; padding: 28px 32px 40px; }
.practice-body { display: flex; flex-direction: column; gap: 20px; }
.section-hint { margin: -4px 0 4px; color: var(--_text-muted); font-size: 13px; }
.empty-line { margin: 0; padding: 18px; border: 1px dashed var(--_border); border-radius: var(--_radius); color: var(--_text-muted); text-align: center; background: var(--_bg-elevated); }
.notice { display: flex; gap: 8px; align-items: flex-start; margin: 0; padding: 10px 14px; border-radius: var(--_radius-small); font-size: 13px; line-height: 1.6; }
.notice.warning { background: color-mix(in srgb, var(--_warning) 12%, transparent); }
.notice.warning .icon { color: var(--_warning); margin-top: 2px; }
.records { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_bg-elevated); overflow: hidden; }
.records li { display: flex; align-items: center; gap: 8px; padding-right: 8px; }
.records li + li { border-top: 1px solid var(--_border); }
.record { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2px; padding: 12px 16px; border: 0; background: none; color: inherit; font: inherit; text-align: left; cursor: pointer; }
.record:hover { background: var(--_bg-hover); }
.record-title { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.record-sub { color: var(--_text-muted); font-size: 12px; }
.app-icon { background: linear-gradient(135deg, #34d399, #0ea5e9); }
.app-icon .icon { width: 22px; height: 22px; color: #fff; }
@container apps (max-width: 640px) { .practice { padding: 16px 14px 28px; } }
`
