import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { $chatMessages } from '../../i18n'
import { $activeMode, $canCompare, $chatState, setCompare, setUsingContext } from '../../stores/chat'
import { Icon, IconButton } from '../shared/ui'
import { ModelPicker } from './model-picker'
import { SettingsDialog } from './settings-dialog'
import { styles } from '../shared/styles'

/** Above the messages: the chat list button (narrow), model picker, title, compare, context, settings. */
export function ChatHeader({ onOpenList }: { onOpenList: () => void }) {
  const t = useStore($chatMessages)
  const { usingContext, active, chat } = useStore($chatState, { keys: ['usingContext', 'active', 'chat'] })
  const mode = useStore($activeMode)
  const canCompare = useStore($canCompare)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const title = chat.find(c => c.chatNumber === active)?.title

  return (
    <header className="header" part="header">
      <IconButton icon="sidebar" label={t.openChatList} className="drawer-open" testId="open-chat-list" onClick={onOpenList} />
      <ModelPicker />
      <span className="header-title" title={title || undefined}>
        {title || ''}
      </span>
      <div className="header-tools" part="actions">
        <button
          type="button"
          className="toggle"
          aria-pressed={mode === 'v2'}
          disabled={!canCompare}
          title={canCompare ? t.compareHint : t.compareNeedsModels}
          data-testid="compare-toggle"
          onClick={() => setCompare(mode !== 'v2')}>
          <Icon name="columns" />
          <span className="toggle-text">{t.compare}</span>
        </button>
        <button
          type="button"
          className="toggle"
          aria-pressed={usingContext}
          title={usingContext ? t.contextOn : t.contextOff}
          data-testid="context-toggle"
          onClick={() => setUsingContext(!usingContext)}>
          <Icon name="history" />
          <span className="toggle-text">{t.context}</span>
        </button>
        <IconButton icon="sliders" label={t.settings} testId="open-settings" onClick={() => setSettingsOpen(true)} />
      </div>
      {settingsOpen ? <SettingsDialog onClose={() => setSettingsOpen(false)} /> : null}
    </header>
  )
}

export const chatHeaderCss = `
.header {
  display: flex; align-items: center; gap: 4px; height: 56px; padding: 0 12px; flex: none;
  border-bottom: 1px solid var(--_border); background: var(--_bg);
}
.drawer-open { display: none; }
.header-title {
  flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; text-align: center;
  color: var(--_text-muted); font-size: 13px; padding: 0 8px;
}
.header-tools { display: flex; align-items: center; gap: 4px; flex: none; }
.toggle {
  display: inline-flex; align-items: center; gap: 5px; height: 32px; padding: 0 10px;
  border: 1px solid var(--_border); border-radius: 16px; background: var(--_bg); color: var(--_text-muted);
  font: inherit; font-size: 13px; cursor: pointer; transition: background 120ms, color 120ms, border-color 120ms;
}
.toggle .icon { width: 15px; height: 15px; }
.toggle:hover:not(:disabled) { color: var(--_text); border-color: var(--_text-muted); }
.toggle[aria-pressed='true'] { background: var(--_primary-soft); border-color: transparent; color: var(--_primary-strong); font-weight: 600; }
.toggle:disabled { opacity: 0.45; cursor: not-allowed; }
`

ChatHeader.styles = styles(ModelPicker, chatHeaderCss, SettingsDialog)
