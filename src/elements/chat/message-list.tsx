import { useStore } from '@nanostores/react'
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { $chatMessages } from '../../i18n'
import { $sending } from '../../stores/chat-send'
import { $messagesLoading, $suggestions, $thread, $threadChat, type ThreadItem } from '../../stores/chat-thread'
import { AnswerCard } from './answer-card'
import { CompareGroup } from './compare-group'
import { FollowStream } from './follow-stream'
import { Icon } from '../shared/ui'
import { QuestionBubble } from './question-bubble'
import { Suggestions } from './suggestions'
import { Welcome } from './welcome'
import type { ChatWelcome } from './welcome-props'
import { styles } from '../shared/styles'

/** Closer than this to the end counts as "at the bottom": streaming then keeps the view there. */
const BOTTOM_SLACK_PX = 80
/** Rows rendered when a chat opens, and added each time the reader nears the top. */
const ROWS_STEP = 40
/** How close to the top (px) earlier rows are brought in. */
const TOP_SLACK_PX = 400
/** A scroll this long after the reader's last wheel, touch or key is the layout's doing, not theirs. */
const USER_SCROLL_MS = 800

const Turn = memo(function Turn({ item }: { item: ThreadItem }) {
  if (item.kind === 'question') return <QuestionBubble message={item.message} />
  if (item.kind === 'compare') return <CompareGroup answers={item.answers} />
  return <AnswerCard message={item.message} alternatives={item.alternatives} />
}, sameItem)

/** Items are rebuilt on every list change; what matters is whether their messages changed. */
function sameItem(a: { item: ThreadItem }, b: { item: ThreadItem }): boolean {
  const x = a.item
  const y = b.item
  if (x.kind !== y.kind) return false
  if (x.kind === 'question' && y.kind === 'question') return x.message === y.message
  if (x.kind === 'answer' && y.kind === 'answer') return x.message === y.message && x.alternatives.join() === y.alternatives.join()
  if (x.kind === 'compare' && y.kind === 'compare') return x.answers.length === y.answers.length && x.answers.every((m, i) => m === y.answers[i])
  return false
}

/**
 * The conversation. Rows are memoized, so a streamed delta re-renders only
 * its answer. A long chat opens with its newest rows only and brings in
 * earlier ones as the reader scrolls up (keeping what they look at in
 * place); rows off screen skip layout and paint (content-visibility). So a
 * chat of a thousand messages opens at once and scrolls smoothly. While an
 * answer streams the view follows it only if the reader is at the bottom:
 * scrolling up to read stops the following, and a button brings them back.
 */
export function MessageList({ onAsk, compact, welcome }: { onAsk: (question: string) => void; compact: boolean; welcome: ChatWelcome }) {
  const t = useStore($chatMessages)
  const thread = useStore($thread)
  const loading = useStore($messagesLoading)
  const suggestions = useStore($suggestions)
  const sending = useStore($sending)
  const chatNumber = useStore($threadChat)
  const scroller = useRef<HTMLDivElement>(null)
  const content = useRef<HTMLDivElement>(null)
  const atBottom = useRef(true)
  const [showJump, setShowJump] = useState(false)
  const [rowLimit, setRowLimit] = useState(ROWS_STEP)
  /** Distance from the bottom to keep while earlier rows come in above. */
  const keepFromBottom = useRef<number | null>(null)
  const lastUserInput = useRef(0)
  const noteUserInput = () => {
    lastUserInput.current = performance.now()
  }

  const scrollToBottom = (smooth = false) => {
    const element = scroller.current
    if (!element) return
    element.scrollTo({ top: element.scrollHeight, behavior: smooth ? 'smooth' : 'auto' })
    atBottom.current = true
    setShowJump(false)
  }

  const follow = useCallback(() => {
    if (atBottom.current && scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight
  }, [])

  // Any other growth of the content (an image loading, a row laid out) keeps a reader at the bottom there too.
  useEffect(() => {
    const element = content.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(follow)
    observer.observe(element)
    return () => observer.disconnect()
  }, [follow])

  // Opening a chat or sending a question starts at the newest message.
  useEffect(() => setRowLimit(ROWS_STEP), [chatNumber])
  useEffect(() => scrollToBottom(), [chatNumber, loading])
  useEffect(() => {
    if (sending) scrollToBottom()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scroll when a new send starts (its controller), not on every streamed delta
  }, [sending?.controller])

  useLayoutEffect(() => {
    const element = scroller.current
    if (!element || keepFromBottom.current === null) return
    element.scrollTop = element.scrollHeight - keepFromBottom.current
    keepFromBottom.current = null
  }, [rowLimit])

  const onScroll = () => {
    const element = scroller.current
    if (!element) return
    if (element.scrollTop < TOP_SLACK_PX && rowLimit < thread.length && keepFromBottom.current === null) {
      keepFromBottom.current = element.scrollHeight - element.scrollTop
      setRowLimit(limit => limit + ROWS_STEP)
    }
    const bottom = element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_SLACK_PX
    // Rows growing or being laid out for the first time also scroll; only the reader stops the following.
    if (!bottom && performance.now() - lastUserInput.current > USER_SCROLL_MS) return
    atBottom.current = bottom
    setShowJump(!bottom)
  }

  const last = thread[thread.length - 1]
  const showSuggestions = !sending && suggestions && last?.kind === 'answer' && last.message.messageId === suggestions.messageId

  return (
    <div className="messages-frame" part="body">
      <div
        className="messages"
        ref={scroller}
        onScroll={onScroll}
        onWheel={noteUserInput}
        onTouchMove={noteUserInput}
        onKeyDown={noteUserInput}
        onPointerDown={noteUserInput}
        data-testid="messages"
        role="log"
        aria-label={t.messages}
        aria-busy={loading || undefined}>
        <FollowStream.Provider value={follow}>
          <div className="messages-content" ref={content}>
            {loading ? (
              <p className="messages-loading" role="status">
                <span className="spinner" aria-hidden="true" />
                {t.loadingMessages}
              </p>
            ) : thread.length === 0 ? (
              <Welcome onAsk={onAsk} compact={compact} own={welcome} />
            ) : (
              thread.slice(-rowLimit).map(item => (
                <div key={item.key} className={`turn turn-${item.kind}`}>
                  <Turn item={item} />
                </div>
              ))
            )}
            {showSuggestions ? <Suggestions questions={suggestions.questions} onAsk={onAsk} /> : null}
          </div>
        </FollowStream.Provider>
      </div>
      {showJump && thread.length ? (
        <button
          type="button"
          className="jump"
          aria-label={t.scrollToBottom}
          title={t.scrollToBottom}
          data-testid="scroll-to-bottom"
          onClick={() => scrollToBottom(true)}>
          <Icon name="arrowDown" />
        </button>
      ) : null}
    </div>
  )
}

export const messageListCss = `
.messages-frame { position: relative; flex: 1; min-height: 0; display: flex; }
.messages { flex: 1; min-height: 0; overflow-y: auto; overscroll-behavior: contain; scrollbar-gutter: stable; overflow-anchor: none; }
.messages-content {
  display: flex; flex-direction: column; gap: 22px; min-height: 100%;
  width: 100%; max-width: var(--zx-dialogue-width, 860px); margin: 0 auto; padding: 24px 24px 32px;
}
/* Off-screen rows are skipped by layout and paint; their last measured size holds their place.
   The newest rows are always laid out: they are on screen, and a placeholder size there would jump. */
.turn { content-visibility: auto; contain-intrinsic-size: auto 140px; }
.turn:nth-last-child(-n + 4) { content-visibility: visible; }
.turn-compare { max-width: none; }
.messages-loading { display: flex; align-items: center; justify-content: center; gap: 10px; margin: auto; color: var(--_text-muted); }
.spinner {
  width: 18px; height: 18px; border-radius: 50%; border: 2px solid var(--_border); border-top-color: var(--_primary);
  animation: spin 0.8s linear infinite;
}
@keyframes spin { to { transform: rotate(360deg); } }
.jump {
  position: absolute; left: 50%; bottom: 12px; transform: translateX(-50%);
  display: grid; place-items: center; width: 36px; height: 36px; border-radius: 50%;
  border: 1px solid var(--_border); background: var(--_bg-elevated); color: var(--_text); box-shadow: var(--_shadow); cursor: pointer;
}
.jump .icon { width: 18px; height: 18px; }
@container dialogue (max-width: 560px) {
  .messages-content { padding: 16px 12px 24px; gap: 18px; }
}
`

MessageList.styles = styles(AnswerCard, CompareGroup, QuestionBubble, Suggestions, Welcome, messageListCss)
