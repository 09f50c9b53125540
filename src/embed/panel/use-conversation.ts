/**
 * The panel's state: the visitor's session, the open conversation and its
 * streamed answer, the history list, refusals to show. The UI components only
 * render what this hook holds and call its actions.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { EmbedOptions, PanelHost } from '../types'
import { createApi, EmbedError, OFFLINE, type EmbedMessage, type Session, type StreamEvent } from './api'
import type { RatingWhy } from './rating-reason'
import { panelStorage } from './storage'
import type { Words } from './strings'

const PENDING = '…'
/** Text a reader would see (as the server's generation.ts judges an answer that said nothing). */
const VISIBLE = /[^\s\u200b-\u200d\u2060]/u

/** An answer as a sentence for the live region: markdown marks and code left out. */
function plain(markdown: string, max: number): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~#>|]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > max ? `${text.slice(0, max)}…` : text
}

/** A row with a streamed piece added: the answer's text, or its reasoning. */
function grow(row: EmbedMessage, event: { type: 'delta' | 'reasoning'; text: string }): EmbedMessage {
  return event.type === 'delta' ? { ...row, content: row.content + event.text } : { ...row, reasoning: (row.reasoning ?? '') + event.text }
}

type PatchRow = (id: string, patch: (row: EmbedMessage) => EmbedMessage) => void

/** An answer's streamed piece or its end, into its row (`fresh`: the row's text is rebuilt from this piece). */
function apply(patchRow: PatchRow, event: StreamEvent, onEnd: (m: EmbedMessage) => void, fresh?: boolean): void {
  if (event.type === 'delta' || event.type === 'reasoning') patchRow(event.messageId, r => grow(fresh ? { ...r, content: '', reasoning: '' } : r, event))
  else if (event.type === 'done' || event.type === 'error') {
    patchRow(event.messageId, () => event.message)
    onEnd(event.message)
  }
}

export function useConversation(host: PanelHost, words: Words, onSession: (s: Session) => void, locale = 'zh-CN') {
  const o: EmbedOptions = host.options
  const localeRef = useRef(locale)
  localeRef.current = locale
  const store = useMemo(() => panelStorage(o.key, !!o.ephemeral), [o.key, o.ephemeral])
  const api = useMemo(
    () =>
      createApi(
        host.apiBase,
        o.key,
        () => ({
          visitorToken: store.read().visitorToken,
          ...(o.user ? { user: o.user, expires: Number(o.expires), signature: o.signature } : {}),
        }),
        o.authToken,
        () => localeRef.current,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the identity fields are read once per key: a new signature means a new panel
    [host.apiBase, o.key, store],
  )
  const [session, setSession] = useState<Session | null>(null)
  const [rows, setRows] = useState<EmbedMessage[]>([])
  const [conversationId, setConversationId] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  const [suggestions, setSuggestions] = useState<string[]>([])
  const [live, setLive] = useState('')
  const answering = useRef<{ id: string; controller: AbortController } | null>(null)
  const wordsRef = useRef(words)
  wordsRef.current = words

  const explain = useCallback(
    (error: unknown) => {
      const message =
        error instanceof EmbedError
          ? error.status === OFFLINE
            ? wordsRef.current.connectFailed
            : error.message || wordsRef.current.errorGeneric
          : wordsRef.current.errorGeneric
      setNotice(message)
      host.emit('error', { message, status: error instanceof EmbedError ? error.status : 0 })
      return message
    },
    [host],
  )

  const patchRow: PatchRow = (id, patch) => setRows(list => list.map(r => (r.messageId === id ? patch(r) : r)))

  /**
   * Follows an answer still being written on the server (the page was
   * reloaded, or the connection dropped) from the event after `after`,
   * retrying a dropped connection a few times. True when it reached its end.
   */
  const follow = useCallback(
    async (answerId: string, after: number, signal: AbortSignal, onEnd: (m: EmbedMessage) => void): Promise<boolean> => {
      let seen = after
      let restart = after === 0
      for (const pause of [0, 300, 1_000, 2_000, 4_000]) {
        if (pause) await new Promise(r => setTimeout(r, pause))
        if (signal.aborted) return true
        let ended = false
        try {
          await api.resume(
            answerId,
            seen,
            event => {
              if (event.type === 'end') ended = true
              if ('seq' in event && event.seq) seen = Math.max(seen, event.seq)
              // From the first event the text is rebuilt, not added to the part saved before the reload.
              apply(patchRow, event, onEnd, restart)
              restart = false
            },
            signal,
          )
          if (ended || signal.aborted) return true
        } catch (error) {
          if (signal.aborted) return true
          if (error instanceof EmbedError && error.status !== OFFLINE) return true
        }
      }
      return false
    },
    [api],
  )

  const openConversation = useCallback(
    async (id: string) => {
      try {
        const messages = await api.messages(id)
        setRows(messages)
        setConversationId(id)
        setSuggestions([])
        store.write({ conversationId: id })
        // An answer still being written (the page was reloaded while it streamed) is followed to its end, not shown dead.
        const open = messages.filter(m => m.role === 'assistant' && m.status === 'streaming').at(-1)
        if (open && !answering.current) {
          const controller = new AbortController()
          answering.current = { id: open.messageId, controller }
          setBusy(true)
          void follow(open.messageId, 0, controller.signal, () => undefined)
            .then(reached => {
              if (!reached) patchRow(open.messageId, r => ({ ...r, status: 'error', error: wordsRef.current.connectFailed }))
            })
            .finally(() => {
              if (answering.current?.controller !== controller) return
              answering.current = null
              setBusy(false)
            })
        }
      } catch (error) {
        // A conversation deleted elsewhere (or of a forgotten visitor) just starts a new one.
        if (error instanceof EmbedError && error.status === 404) store.write({ conversationId: undefined })
        else explain(error)
      }
    },
    [api, store, explain, follow],
  )

  const load = useCallback(async () => {
    setNotice(null)
    try {
      const s = await api.session()
      if (s.visitorToken) store.write({ visitorToken: s.visitorToken })
      setSession(s)
      onSession(s)
      const last = store.read().conversationId
      if (last && s.conversations.some(c => c.conversationId === last)) await openConversation(last)
    } catch (error) {
      explain(error)
    }
  }, [api, store, openConversation, explain, onSession])

  useEffect(() => {
    void load()
  }, [load])

  const ask = useCallback(
    /** `parent`: the message the question follows (a retried question keeps its place). */
    async (text: string, parent?: string | null): Promise<boolean> => {
      const prompt = text.trim()
      if (!prompt || answering.current || !session) return false
      setNotice(null)
      setSuggestions([])
      const now = Date.now()
      const question: EmbedMessage = {
        messageId: `q${now}`,
        parentMessageId: parent ?? null,
        role: 'user',
        content: prompt,
        status: 'done',
        error: null,
        reference: null,
        rating: 0,
        createTime: now,
      }
      const answer: EmbedMessage = { ...question, messageId: PENDING, role: 'assistant', content: '', status: 'streaming' }
      setRows(list => [...list, question, answer])
      setBusy(true)
      const controller = new AbortController()
      answering.current = { id: PENDING, controller }
      // Ends this answer's turn once (a later question may already have started its own).
      const finish = () => {
        if (answering.current?.controller !== controller) return
        answering.current = null
        setBusy(false)
      }
      host.emit('message', { role: 'user', text: prompt, conversationId })
      let answerId = PENDING
      let convo = conversationId
      let started = false
      let seen = 0
      let ended = false
      let givenBack = false
      const onEnd = (m: EmbedMessage) => {
        finish() // the answer is complete: the visitor may ask again while the chat is being named
        // A failed answer, or one stopped before a word, costs no question on the server: nor here.
        if (!givenBack && (m.status === 'error' || !VISIBLE.test(m.content))) {
          givenBack = true
          setSession(s => (s && s.messagesLeft !== null ? { ...s, messagesLeft: s.messagesLeft + 1 } : s))
        }
        setLive(m.status === 'error' ? (m.error ?? '') : wordsRef.current.answerDone.replace('{text}', plain(m.content, 200)))
        host.emit('message', { role: 'assistant', text: m.content, messageId: m.messageId, status: m.status, conversationId: convo })
        if (m.status === 'done') void api.suggested(m.messageId).then(setSuggestions, () => undefined)
      }
      const onEvent = (event: StreamEvent) => {
        apply(patchRow, event, onEnd)
        if ('seq' in event && event.seq) seen = Math.max(seen, event.seq)
        if (event.type === 'end') ended = true
        if (event.type === 'start') {
          started = true
          answerId = event.answers[0]!.messageId
          answering.current = { id: answerId, controller }
          convo = event.conversationId
          setConversationId(convo)
          store.write({ conversationId: event.conversationId })
          setRows(list => list.map(r => (r === question ? event.question : r.messageId === PENDING ? event.answers[0]! : r)))
          setSession(s => (s && s.messagesLeft !== null ? { ...s, messagesLeft: Math.max(0, s.messagesLeft - 1) } : s))
        } else if (event.type === 'title') {
          setSession(
            s =>
              s && {
                ...s,
                conversations: [
                  { conversationId: event.conversationId, title: event.chatTitle, updateTime: Date.now() },
                  ...s.conversations.filter(c => c.conversationId !== event.conversationId),
                ],
              },
          )
        }
      }
      try {
        await api.ask({ prompt, ...(conversationId ? { conversationId } : {}), ...(parent ? { parentMessageId: parent } : {}) }, onEvent, controller.signal)
        // Cut off without its end (a server between us went away): the answer is still being written; pick it up.
        if (started && !ended && !controller.signal.aborted && answering.current?.controller === controller) {
          if (!(await follow(answerId, seen, controller.signal, onEnd)))
            patchRow(answerId, r => ({ ...r, status: 'error', error: wordsRef.current.connectFailed }))
        }
        return true
      } catch (error) {
        if (!started) {
          // Refused before anything was stored: take the question back so the visitor can retry it.
          setRows(list => list.filter(r => r !== question && r.messageId !== PENDING))
          if (!controller.signal.aborted) explain(error)
          return false
        }
        // The connection dropped, not the answer: follow it again after the last event seen.
        if (!controller.signal.aborted && answering.current?.controller === controller && !(await follow(answerId, seen, controller.signal, onEnd))) {
          patchRow(answerId, r => ({ ...r, status: 'error', error: wordsRef.current.connectFailed }))
        }
        return true
      } finally {
        finish()
      }
    },
    [api, session, conversationId, store, host, explain, follow],
  )

  /** Asks a failed answer's question again in its place: the failed turn leaves the view. */
  const rowsRef = useRef(rows)
  rowsRef.current = rows
  const retry = useCallback(
    (answerId: string) => {
      const list = rowsRef.current
      const answer = list.find(r => r.messageId === answerId)
      const question = list.find(r => r.messageId === answer?.parentMessageId)
      if (!question || answering.current) return
      setRows(list => list.filter(r => r !== answer && r !== question))
      void ask(question.content, question.parentMessageId)
    },
    [ask],
  )

  const stop = useCallback(() => {
    const current = answering.current
    if (!current) return
    // The server saves what was written as "stopped" and ends the stream; before it started, just hang up.
    if (current.id === PENDING) current.controller.abort()
    else void api.stop(current.id).catch(() => current.controller.abort())
  }, [api])

  const rate = useCallback(
    (messageId: string, rating: number) => {
      patchRow(messageId, r => ({ ...r, rating }))
      void api.feedback(messageId, rating).catch(explain)
    },
    [api, explain],
  )

  /** Why a thumbs-down was given, after the rating itself; false when refused (the notice says why). */
  const explainRating = useCallback(
    async (messageId: string, why: RatingWhy) => {
      try {
        await api.feedback(messageId, -1, why)
        setNotice(null)
        return true
      } catch (error) {
        explain(error)
        return false
      }
    },
    [api, explain],
  )

  const newConversation = useCallback(() => {
    if (answering.current) return
    setRows([])
    setSuggestions([])
    setConversationId(undefined)
    store.write({ conversationId: undefined })
  }, [store])

  const removeConversation = useCallback(
    async (id: string) => {
      try {
        await api.remove(id)
        setSession(s => s && { ...s, conversations: s.conversations.filter(c => c.conversationId !== id) })
        if (id === conversationId) newConversation()
      } catch (error) {
        explain(error)
      }
    },
    [api, conversationId, newConversation, explain],
  )

  return {
    session,
    rows,
    conversationId,
    busy,
    notice,
    suggestions,
    live,
    ask,
    retry,
    stop,
    rate,
    explainRating,
    load,
    openConversation,
    newConversation,
    removeConversation,
  }
}
