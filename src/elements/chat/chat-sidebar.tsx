import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { isCancel } from '../../api/errors'
import { $chatMessages } from '../../i18n'
import { $chatList, $chatState, searchChats, type ChatSummary } from '../../stores/chat'
import { LoadFailure } from '../shared/load'
import { ChatListItem } from './chat-list-item'
import { Icon, IconButton, SearchField } from '../shared/ui'
import { PromptManager } from './prompt-manager'
import { styles } from '../shared/styles'

export interface ChatSidebarProps {
  onOpen: (chatNumber: string) => void
  onNewChat: () => void
  /** Closes the drawer (narrow layouts); the button shows only there. */
  onClose: () => void
}

const SEARCH_DELAY_MS = 250

/** Chat titles matching `query` (server-side, so chats beyond the first page are found too); null while no query. */
function useChatSearch(query: string): ChatSummary[] | null {
  const [results, setResults] = useState<ChatSummary[] | null>(null)
  useEffect(() => {
    if (!query.trim()) {
      setResults(null)
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(() => {
      searchChats(query, controller.signal).then(setResults, error => {
        if (!isCancel(error)) setResults([])
      })
    }, SEARCH_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [query])
  return results
}

/** An empty list: still loading, failed, or really empty (a cached list shows while the server is asked). */
function EmptyList({ searching, status, error }: { searching: boolean; status: string; error: unknown }) {
  const t = useStore($chatMessages)
  if (searching) return <p className="sidebar-empty">{t.noSearchResults}</p>
  if (status === 'failed') return <LoadFailure error={error} what={t.chatList} onRetry={() => void $chatList.retry()} />
  if (status !== 'ready') return <zx-skeleton variant="lines" count={6} />
  return <p className="sidebar-empty">{t.noChats}</p>
}

/** The chat list: new chat, search, pinned chats on top, then the recent ones; the prompt store below. */
export function ChatSidebar({ onOpen, onNewChat, onClose }: ChatSidebarProps) {
  const t = useStore($chatMessages)
  const { chat: chats, active } = useStore($chatState, { keys: ['chat', 'active'] })
  const load = useStore($chatList)
  const [query, setQuery] = useState('')
  const [promptsOpen, setPromptsOpen] = useState(false)
  const results = useChatSearch(query)
  const list = results ?? chats
  const pinned = list.filter(c => c.pinned)
  const recent = list.filter(c => !c.pinned)

  const section = (heading: string, items: ChatSummary[], testId: string) => (
    <section className="chat-section" data-testid={testId}>
      <h3 className="chat-section-title">{heading}</h3>
      <ul className="chat-items">
        {items.map(chat => (
          <ChatListItem key={chat.chatNumber} chat={chat} active={chat.chatNumber === active} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  )

  return (
    <aside className="sidebar" aria-label={t.chatList} part="sidebar">
      <div className="sidebar-head">
        <button type="button" className="new-chat" data-testid="new-chat" onClick={onNewChat}>
          <Icon name="plus" />
          <span>{t.newChat}</span>
        </button>
        <IconButton icon="sidebar" label={t.closeChatList} className="drawer-close" onClick={onClose} />
      </div>
      <SearchField boxed label={t.searchChats} value={query} onChange={setQuery} testId="chat-search" />
      <nav className="chat-scroll" aria-label={t.chatList}>
        {pinned.length ? section(t.pinned, pinned, 'pinned-chats') : null}
        {recent.length ? section(t.recent, recent, 'recent-chats') : null}
        {list.length === 0 ? <EmptyList searching={!!results} status={load.status} error={load.error} /> : null}
      </nav>
      <div className="sidebar-foot">
        <button type="button" className="sidebar-link" data-testid="open-prompt-store" onClick={() => setPromptsOpen(true)}>
          <Icon name="command" />
          <span>{t.promptStore}</span>
        </button>
      </div>
      {promptsOpen ? <PromptManager onClose={() => setPromptsOpen(false)} /> : null}
    </aside>
  )
}

export const chatSidebarCss = `
.sidebar {
  display: flex; flex-direction: column; width: 264px; flex: none; min-height: 0;
  background: var(--_bg-subtle); border-right: 1px solid var(--_border);
}
.sidebar-head { display: flex; align-items: center; gap: 6px; padding: 14px 12px 8px; }
.new-chat {
  flex: 1; display: inline-flex; align-items: center; justify-content: center; gap: 6px; height: 38px;
  border: 1px solid var(--_border); border-radius: 10px; background: var(--_bg-elevated); color: var(--_text);
  font: inherit; font-size: 14px; font-weight: 600; cursor: pointer; box-shadow: 0 1px 2px rgba(15, 23, 42, 0.04);
  transition: border-color 120ms, color 120ms, box-shadow 120ms;
}
.new-chat:hover { border-color: var(--_primary); color: var(--_primary-strong); box-shadow: 0 0 0 3px var(--_primary-soft); }
.new-chat .icon { width: 16px; height: 16px; stroke-width: 2.2; }
.drawer-close { display: none; }
.search {
  display: flex; align-items: center; gap: 8px; margin: 4px 12px 8px; padding: 0 10px; height: 34px;
  border-radius: 9px; background: var(--_bg-hover); color: var(--_text-muted);
}
.search:focus-within { background: var(--_bg-elevated); box-shadow: 0 0 0 1px var(--_primary); }
.search .icon { width: 15px; height: 15px; }
.search-input { flex: 1; min-width: 0; border: 0; background: none; color: var(--_text); font: inherit; font-size: 13px; outline: none; }
.search-input:focus-visible { outline: none; }
.chat-scroll { flex: 1; min-height: 0; overflow-y: auto; padding: 0 8px 8px; scrollbar-width: thin; }
.chat-section + .chat-section { margin-top: 8px; }
.chat-section-title { margin: 8px 10px 4px; font-size: 12px; font-weight: 600; color: var(--_text-muted); letter-spacing: 0.02em; }
.chat-items { margin: 0; padding: 0; display: flex; flex-direction: column; gap: 1px; }
.chat-scroll zx-skeleton { margin: 14px 12px; }
.sidebar-empty { margin: 24px 12px; text-align: center; font-size: 13px; color: var(--_text-muted); line-height: 1.6; }
.sidebar-foot { padding: 8px; border-top: 1px solid var(--_border); }
.sidebar-link {
  width: 100%; display: flex; align-items: center; gap: 8px; height: 38px; padding: 0 10px;
  border: 0; border-radius: 10px; background: none; color: var(--_text); font: inherit; font-size: 14px; cursor: pointer;
}
.sidebar-link:hover { background: var(--_bg-hover); }
.sidebar-link .icon { color: var(--_text-muted); }
`

ChatSidebar.styles = styles(ChatListItem, chatSidebarCss, PromptManager)
