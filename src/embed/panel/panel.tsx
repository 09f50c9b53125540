/**
 * The chat panel of the embed: header (assistant, history, new chat, close),
 * the conversation or the history list, starters and suggested questions,
 * the question box, and a polite live region that reads each finished answer
 * once (the log itself is not live: a streamed answer would be read in bits).
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { AnswerMarkdown } from './answer-markdown'
import type { PanelHost } from '../types'
import type { Session } from './api'
import { Composer } from './composer'
import { Icon } from './icons'
import { Message } from './message'
import { baseWords, fill, loadWords } from './strings'
import { useConversation } from './use-conversation'

/** What the loader's runtime API reaches in the mounted panel (set by Panel). */
export interface PanelBus {
  send?(text: string): void
  focus?(): void
  pending: string[]
  onSession(session: Session): void
}

function Chips({ label, items, onPick }: { label: string; items: string[]; onPick(text: string): void }) {
  if (items.length === 0) return null
  return (
    <>
      <p className="lbl">{label}</p>
      <ul className="chips" aria-label={label}>
        {items.map(text => (
          <li key={text}>
            <button type="button" className="chip" onClick={() => onPick(text)}>
              {text}
            </button>
          </li>
        ))}
      </ul>
    </>
  )
}

export function Panel({ host, locale, bus }: { host: PanelHost; locale: string; bus: PanelBus }) {
  const o = host.options
  const [words, setWords] = useState(baseWords)
  useEffect(() => {
    let live = true
    void loadWords(locale).then(w => live && setWords(w))
    return () => {
      live = false
    }
  }, [locale])
  const c = useConversation(host, words, bus.onSession, locale)
  const [draft, setDraft] = useState('')
  const [view, setView] = useState<'chat' | 'history'>('chat')
  const input = useRef<HTMLTextAreaElement>(null)
  const log = useRef<HTMLDivElement>(null)

  const title = o.title || c.session?.assistant.title || words.defaultTitle
  useEffect(() => host.setTitle(title), [title, host])

  const send = (text: string) => {
    setView('chat')
    // Asked before the session has loaded (a quick visitor, a slow network): asked as soon as it has.
    if (!c.session) {
      if (text.trim()) bus.pending.push(text)
    } else {
      void c.ask(text).then(accepted => {
        if (!accepted) setDraft(current => current || text)
      })
    }
    setDraft('')
    input.current?.style.removeProperty('height')
  }

  // The runtime API: Zhixue.send(text) and focus on open; like the question box, it waits for the session.
  bus.send = send
  bus.focus = () => input.current?.focus()
  // A floating panel is mounted when first opened: start in the question box.
  useEffect(() => {
    if (!host.inline) input.current?.focus()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on mount only: a floating panel starts in the question box
  }, [])
  // The session could not be loaded: questions waiting for it go back in the box, not lost behind the error.
  useEffect(() => {
    if (c.session || !c.notice || !bus.pending.length) return
    const waiting = bus.pending.splice(0).join('\n')
    setDraft(current => current || waiting)
  }, [c.notice, c.session, bus])
  useEffect(() => {
    if (c.session && bus.pending.length) send(bus.pending.shift()!)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- drains the queue when a session appears or a send ends; send is a fresh closure
  }, [c.session, c.busy])

  // Keep the newest text in view while the visitor has not scrolled up to read.
  const nearBottom = useRef(true)
  useLayoutEffect(() => {
    const el = log.current
    if (el && nearBottom.current) el.scrollTop = el.scrollHeight
  }, [c.rows, c.suggestions, view])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !host.inline) {
      event.stopPropagation()
      host.close()
    }
  }

  const avatar = c.session?.assistant.avatar ? new URL(c.session.assistant.avatar, host.apiBase).href : ''
  const welcome = o.welcome ?? c.session?.assistant.openingMessage ?? ''
  const starters = o.starters?.length ? o.starters : (c.session?.assistant.starterQuestions ?? [])
  const left = c.session?.messagesLeft

  return (
    <div className="p" data-theme={o.theme ?? 'light'} role={host.inline ? 'region' : 'dialog'} aria-labelledby={`${host.id}-t`} onKeyDown={onKeyDown}>
      <header className="h">
        <div className="av" aria-hidden="true">
          {avatar ? <img src={avatar} alt="" /> : title.slice(0, 1)}
        </div>
        <div className="ht">
          <h2 id={`${host.id}-t`}>{title}</h2>
          {c.session?.assistant.description && <p>{c.session.assistant.description}</p>}
        </div>
        <button
          type="button"
          className="ib"
          aria-label={view === 'history' ? words.back : words.history}
          title={view === 'history' ? words.back : words.history}
          onClick={() => setView(view === 'history' ? 'chat' : 'history')}>
          <Icon name={view === 'history' ? 'back' : 'history'} />
        </button>
        <button
          type="button"
          className="ib"
          aria-label={words.newChat}
          title={words.newChat}
          disabled={c.busy}
          onClick={() => {
            c.newConversation()
            setView('chat')
            input.current?.focus()
          }}>
          <Icon name="plus" />
        </button>
        {!host.inline && (
          <button type="button" className="ib" aria-label={words.close} title={words.close} onClick={() => host.close()}>
            <Icon name="close" />
          </button>
        )}
      </header>

      <div
        className="m"
        ref={log}
        role="log"
        aria-live="off"
        aria-label={words.chatLog}
        aria-busy={c.busy}
        onScroll={event => {
          const el = event.currentTarget
          nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40
        }}>
        {view === 'history' ? (
          c.session?.conversations.length ? (
            <ul className="hl" aria-label={words.history}>
              {c.session.conversations.map(conv => (
                <li key={conv.conversationId}>
                  <button
                    type="button"
                    className="hi"
                    aria-current={conv.conversationId === c.conversationId || undefined}
                    onClick={() => {
                      void c.openConversation(conv.conversationId)
                      setView('chat')
                    }}>
                    <span>{conv.title || words.untitled}</span>
                    <small>{new Date(conv.updateTime).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' })}</small>
                  </button>
                  <button
                    type="button"
                    className="ib"
                    aria-label={`${words.deleteConversation}: ${conv.title || words.untitled}`}
                    title={words.deleteConversation}
                    onClick={() => void c.removeConversation(conv.conversationId)}>
                    <Icon name="trash" />
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="empty">{words.noHistory}</p>
          )
        ) : (
          <>
            {welcome && (
              <div className="w" data-testid="embed-welcome">
                <AnswerMarkdown text={welcome} labels={words.markdown} />
              </div>
            )}
            {c.rows.length === 0 && <Chips label={words.starters} items={starters} onPick={send} />}
            {c.rows.map(row => (
              <Message key={row.messageId} row={row} words={words} onRate={c.rate} onExplain={c.explainRating} onRetry={c.busy ? undefined : c.retry} />
            ))}
            {!c.busy && <Chips label={words.suggestions} items={c.suggestions} onPick={send} />}
          </>
        )}
      </div>

      {c.notice && (
        <div className="n" role="alert">
          {c.notice}{' '}
          {!c.session && (
            <button type="button" className="ab" onClick={() => void c.load()}>
              {words.retry}
            </button>
          )}
        </div>
      )}
      <Composer ref={input} value={draft} busy={c.busy} words={words} onChange={setDraft} onSend={() => send(draft)} onStop={c.stop} />
      <div className="f">
        <span>{words.disclaimer}</span>
        {typeof left === 'number' && <span>{fill(words.messagesLeft, { n: left }, words.counted)}</span>}
      </div>
      <div className="sr" aria-live="polite">
        {c.live}
      </div>
    </div>
  )
}
