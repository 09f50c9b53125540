import { useStore } from '@nanostores/react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { $locale } from '../../i18n'
import { $chatScope, $chatState, loadChatList, loadModels, pickModel, setActiveChat } from '../../stores/chat'
import { $chatLesson, $lastAnswerEnd, followActiveChat, sendQuestion } from '../../stores/chat-send'
import { hostOf, type ElementProps } from '../shared/define-element'
import { ChatHeader } from './chat-header'
import { ChatSidebar } from './chat-sidebar'
import { Composer } from './composer'
import { emit, useHostAttribute, useNarrow } from '../shared/host-hooks'
import { MessageList } from './message-list'
import { parseStarters } from './welcome-props'
import { QuotaRefusalNotice } from '../shared/redeem-form'
import { $quotaRefusal } from '../../stores/quota'
import { ZX_EVENTS } from '../shared/events'
import { styles } from '../shared/styles'
import { kitCss } from '../shared/ui'

/**
 * `<zx-dialogue>`: AI dialogue with a chat list, model picker, streamed
 * answers and a composer. Attributes (all optional):
 *   chat-number   the chat to open (the host app keeps it in its URL)
 *   model         the model to pick first, if the server offers it
 *   assistant-id  course-id   new chats belong to them and the list shows only theirs
 *   lesson-id     (with course-id) the lesson being read: each question carries it to the course AI
 *   compact       narrow use: the chat list is a drawer, fewer starters
 *   welcome-title  opening-message  starter-questions (JSON list of strings)
 *                 what an empty chat greets with (an assistant's name, greeting and questions)
 * Events (bubbling, composed):
 *   zx:chat-change  {chatNumber}  the open chat changed ('' for a new chat)
 *   zx:answer-end   {chatNumber, messageIds}  an answer (or a compare group) finished streaming
 */
export interface DialogueProps extends ElementProps {
  compact?: boolean
}

/** Narrower than this, the chat list becomes a drawer (phones, side panels). */
const DRAWER_BELOW_PX = 760

export function Dialogue({ compact = false, container }: DialogueProps) {
  const host = hostOf(container)
  const chatNumber = useHostAttribute(host, 'chat-number')
  const quotaRefusal = useStore($quotaRefusal)
  const model = useHostAttribute(host, 'model')
  const assistantId = useHostAttribute(host, 'assistant-id')
  const courseId = useHostAttribute(host, 'course-id')
  const lessonId = useHostAttribute(host, 'lesson-id')
  const welcomeTitle = useHostAttribute(host, 'welcome-title')
  const openingMessage = useHostAttribute(host, 'opening-message')
  const starterQuestions = useHostAttribute(host, 'starter-questions')
  const active = useStore($chatState, { keys: ['active'] }).active
  const narrow = useNarrow(host, DRAWER_BELOW_PX) || compact
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [ownToaster] = useState(() => !document.querySelector('zx-toaster'))
  const input = useRef<HTMLTextAreaElement>(null)

  // The server names the built-in model in the UI language: a language change asks again.
  const locale = useStore($locale)
  useEffect(() => {
    loadModels().catch(() => {})
  }, [locale])
  useEffect(() => {
    if (model) pickModel(model)
  }, [model])
  useEffect(() => {
    $chatScope.set({ assistantId: assistantId || undefined, courseId: courseId || undefined })
    const scoped = !!(assistantId || courseId)
    void loadChatList().then(count => {
      if (count === undefined) return
      // In an assistant's or course's panel a chat from elsewhere must not stay open: its questions would leave the scope.
      const { active, chat } = $chatState.get()
      if (scoped && active && !chat.some(c => c.chatNumber === active)) setActiveChat('')
    })
  }, [assistantId, courseId])

  useEffect(() => $chatLesson.set(lessonId ?? ''), [lessonId])
  // An assistant's own greeting and questions, when the page gave them (props, so they show from the first paint).
  const welcome = useMemo(
    () => ({ title: welcomeTitle || undefined, text: openingMessage || undefined, starters: parseStarters(starterQuestions) }),
    [welcomeTitle, openingMessage, starterQuestions],
  )

  // The attribute names the chat to show; without one the last chat (SPEC §3 `active`) stays open.
  useEffect(() => {
    if (chatNumber) setActiveChat(chatNumber)
  }, [chatNumber])

  useEffect(() => {
    void followActiveChat()
    // Tell the page when the open chat differs from what it asked for, so it can update its URL.
    // Read from the store: an attribute change in this same commit may have just changed it.
    const current = $chatState.get().active
    if (current !== (chatNumber ?? '')) emit(host, ZX_EVENTS.chatChange, { chatNumber: current })
  }, [active, chatNumber, host])

  useEffect(() => $lastAnswerEnd.listen(end => end && emit(host, ZX_EVENTS.answerEnd, end)), [host])

  useEffect(() => {
    if (!drawerOpen) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerOpen(false)
    host?.addEventListener('keydown', onKey)
    return () => host?.removeEventListener('keydown', onKey)
  }, [drawerOpen, host])

  const openChat = (next: string) => {
    setActiveChat(next)
    setDrawerOpen(false)
  }
  const newChat = () => {
    setActiveChat('')
    setDrawerOpen(false)
    input.current?.focus()
  }
  const ask = (question: string) => void sendQuestion({ prompt: question })

  return (
    <div className="dialogue" part="base" data-narrow={narrow || undefined} data-drawer-open={(narrow && drawerOpen) || undefined} data-testid="dialogue">
      <div className="sidebar-slot" inert={narrow && !drawerOpen ? true : undefined}>
        <ChatSidebar onOpen={openChat} onNewChat={newChat} onClose={() => setDrawerOpen(false)} />
      </div>
      {narrow && drawerOpen ? <div className="scrim" onClick={() => setDrawerOpen(false)} /> : null}
      <section className="main">
        <ChatHeader onOpenList={() => setDrawerOpen(true)} />
        <MessageList onAsk={ask} compact={narrow} welcome={welcome} />
        {quotaRefusal ? (
          <div className="refusal-slot">
            <QuotaRefusalNotice message={quotaRefusal} host={host} />
          </div>
        ) : null}
        <Composer inputRef={input} compact={narrow} />
      </section>
      {ownToaster ? <zx-toaster /> : null}
    </div>
  )
}

export const dialogueCss = `
.refusal-slot { padding: 0 16px; max-width: 860px; width: 100%; margin: 0 auto; box-sizing: border-box; }
:host {
  display: block; position: relative; height: 100%; min-height: 420px; overflow: hidden;
  background: var(--_bg); font-size: 14px; line-height: 1.5;
}
.dialogue { container: dialogue / inline-size; position: relative; display: flex; height: 100%; min-height: inherit; }
.sidebar-slot { display: flex; min-height: 0; }
.main { position: relative; flex: 1; min-width: 0; display: flex; flex-direction: column; background: var(--_bg); }
.dialogue[data-narrow] .sidebar-slot {
  position: absolute; inset: 0 auto 0 0; z-index: 30; width: min(300px, 86%);
  transform: translateX(-102%); transition: transform 200ms ease, box-shadow 200ms;
}
.dialogue[data-narrow] .sidebar { width: 100%; }
.dialogue[data-drawer-open] .sidebar-slot { transform: none; box-shadow: var(--_shadow); }
.dialogue[data-narrow] .drawer-open, .dialogue[data-narrow] .drawer-close { display: inline-grid; }
.scrim { position: absolute; inset: 0; z-index: 25; background: var(--_overlay); animation: fade 160ms ease-out; }
@keyframes fade { from { opacity: 0; } }
@container dialogue (max-width: 560px) {
  .header { padding: 0 6px; }
  .header-title { display: none; }
  .header-tools { margin-left: auto; }
  .toggle { padding: 0 8px; }
  .toggle-text { display: none; }
}
@media (prefers-reduced-motion: reduce) { .dialogue[data-narrow] .sidebar-slot, .scrim { transition: none; animation: none; } }
`

Dialogue.styles = styles(kitCss, ChatSidebar, ChatHeader, MessageList, QuotaRefusalNotice, Composer, dialogueCss)
