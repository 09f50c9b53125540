import { useStore } from '@nanostores/react'
import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { $chatMessages } from '../../i18n'
import { removeChat, renameChat, setPinned, type ChatSummary } from '../../stores/chat'
import { ConfirmDialog, Icon, IconButton } from '../shared/ui'
import { styles } from '../shared/styles'

export interface ChatListItemProps {
  chat: ChatSummary
  active: boolean
  onOpen: (chatNumber: string) => void
}

/** One chat in the sidebar: open it, pin or unpin, rename in place, delete after a confirm. */
export const ChatListItem = memo(function ChatListItem({ chat, active, onOpen }: ChatListItemProps) {
  const t = useStore($chatMessages)
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const title = chat.title || t.untitled

  return (
    <li className="chat-item" data-chat-number={chat.chatNumber} aria-current={active ? 'true' : undefined} data-pinned={chat.pinned || undefined}>
      {editing ? (
        <RenameField initial={chat.title} label={t.renameLabel} onDone={() => setEditing(false)} chatNumber={chat.chatNumber} />
      ) : (
        <button type="button" className="chat-item-open" onClick={() => onOpen(chat.chatNumber)} title={title}>
          <Icon name={chat.mode === 'v2' ? 'columns' : 'message'} />
          <span className="chat-item-title">{title}</span>
          {chat.pinned ? <Icon name="pin" className="chat-item-pin" /> : null}
        </button>
      )}
      {editing ? null : (
        <span className="chat-item-actions">
          <IconButton
            icon={chat.pinned ? 'unpin' : 'pin'}
            label={chat.pinned ? t.unpin : t.pin}
            testId="chat-pin"
            onClick={() => void setPinned(chat.chatNumber, !chat.pinned).catch(() => {})}
          />
          <IconButton icon="edit" label={t.rename} testId="chat-rename" onClick={() => setEditing(true)} />
          <IconButton icon="trash" label={t.delete} testId="chat-delete" onClick={() => setConfirming(true)} />
        </span>
      )}
      {confirming ? (
        <ConfirmDialog
          heading={t.deleteChatTitle}
          message={t.deleteChatConfirm({ title })}
          confirmLabel={t.delete}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false)
            void removeChat(chat.chatNumber).catch(() => {})
          }}
        />
      ) : null}
    </li>
  )
})

function RenameField({ chatNumber, initial, label, onDone }: { chatNumber: string; initial: string; label: string; onDone: () => void }) {
  const [value, setValue] = useState(initial)
  const input = useRef<HTMLInputElement>(null)
  const finished = useRef(false)
  useEffect(() => {
    input.current?.focus()
    input.current?.select()
  }, [])

  // Enter and leaving the field save; Escape keeps the old title. Either ends editing once.
  const finish = (save: boolean) => {
    if (finished.current) return
    finished.current = true
    const title = value.trim()
    if (save && title && title !== initial) void renameChat(chatNumber, title).catch(() => {})
    onDone()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return
    if (event.key === 'Enter') finish(true)
    else if (event.key === 'Escape') {
      event.stopPropagation()
      finish(false)
    }
  }
  return (
    <input
      ref={input}
      className="input chat-item-rename"
      aria-label={label}
      value={value}
      maxLength={100}
      data-testid="chat-rename-input"
      onChange={event => setValue(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => finish(true)}
    />
  )
}

export const chatListItemCss = `
.chat-item { position: relative; display: flex; align-items: center; border-radius: 10px; list-style: none; }
.chat-item:hover, .chat-item:focus-within { background: var(--_bg-hover); }
.chat-item[aria-current='true'] { background: var(--_primary-soft); }
.chat-item-open {
  flex: 1; min-width: 0; display: flex; align-items: center; gap: 8px; height: 40px; padding: 0 10px;
  border: 0; border-radius: 10px; background: none; color: var(--_text); font: inherit; font-size: 14px;
  text-align: left; cursor: pointer;
}
.chat-item-open .icon { width: 16px; height: 16px; color: var(--_text-muted); }
.chat-item[aria-current='true'] .chat-item-open { font-weight: 600; }
.chat-item[aria-current='true'] .chat-item-open .icon { color: var(--_primary-strong); }
.chat-item-title { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.chat-item-pin.icon { width: 13px; height: 13px; color: var(--_text-muted); }
.chat-item-actions { display: none; flex: none; padding-right: 4px; }
.chat-item-actions .icon-button { width: 28px; height: 28px; }
.chat-item-actions .icon { width: 15px; height: 15px; }
.chat-item:hover .chat-item-actions, .chat-item:focus-within .chat-item-actions { display: flex; }
.chat-item:hover .chat-item-pin, .chat-item:focus-within .chat-item-pin { visibility: hidden; }
.chat-item-rename { margin: 2px; height: 36px; }
@media (hover: none) {
  .chat-item[aria-current='true'] .chat-item-actions { display: flex; }
}
`

Object.assign(ChatListItem, { styles: styles(chatListItemCss) })
