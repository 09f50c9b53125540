import { useStore } from '@nanostores/react'
import { useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent, type RefObject } from 'react'
import { $chatMessages } from '../../i18n'
import { $activeChat, $activeMode, $compareModels, $currentModel, $modelCatalogue, saveChatSettings } from '../../stores/chat'
import { $sending, sendQuestion, stopSending } from '../../stores/chat-send'
import { $pendingDatasetIds } from '../../stores/knowledge'
import { showToast } from '../../stores/toasts'
import { DatasetPicker } from '../shared/knowledge/dataset-picker'
import { useAttachments, MAX_IMAGES } from './attachments'
import { isImeEnter, shouldSend } from './enter-key'
import { Icon, IconButton } from '../shared/ui'
import { PromptPicker, usePromptOptions, type PromptOption } from './prompt-picker'
import { styles } from '../shared/styles'

/** Beyond this the textarea scrolls instead of growing. */
const MAX_HEIGHT_PX = 240

/** Can every model the next question goes to read images? */
function useVision(): boolean {
  const mode = useStore($activeMode)
  const current = useStore($currentModel)
  const compare = useStore($compareModels)
  const catalogue = useStore($modelCatalogue)
  if (mode === 'v2') return compare.length > 0 && compare.every(c => catalogue?.models.find(m => m.name === c.model)?.vision)
  return !!current?.info.vision
}

/** The knowledge datasets answers draw on: the open chat's, or those the next new chat starts with. */
function ChatDatasets() {
  const chat = useStore($activeChat)
  const pending = useStore($pendingDatasetIds)
  return (
    <DatasetPicker
      value={chat ? chat.datasetIds : pending}
      onChange={ids => {
        $pendingDatasetIds.set(ids)
        if (chat) void saveChatSettings(chat.chatNumber, { datasetIds: ids }).catch(() => {})
      }}
    />
  )
}

/**
 * Where questions are written. Enter sends, Shift+Enter breaks the line, and
 * the Enter that confirms a word in an input method never sends (see
 * enter-key.ts). `/` at the start opens the prompt picker. While an answer
 * streams the send button is a stop button.
 */
export function Composer({ inputRef, compact }: { inputRef: RefObject<HTMLTextAreaElement | null>; compact: boolean }) {
  const t = useStore($chatMessages)
  const sending = useStore($sending)
  const vision = useVision()
  const [text, setText] = useState('')
  const attachments = useAttachments(vision)
  const composing = useRef(false)
  const [pickerDismissed, setPickerDismissed] = useState(false)
  const [highlighted, setHighlighted] = useState(0)
  const imageInput = useRef<HTMLInputElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)

  const slashQuery = /^\/[^\n]*$/.test(text) ? text.slice(1) : null
  const pickerOpen = slashQuery !== null && !pickerDismissed
  const options = usePromptOptions(slashQuery ?? '', pickerOpen)

  useLayoutEffect(() => {
    const area = inputRef.current
    if (!area) return
    area.style.height = 'auto'
    area.style.height = `${Math.min(area.scrollHeight, MAX_HEIGHT_PX)}px`
  }, [text, inputRef])

  const change = (value: string) => {
    // Escape closes the picker for this `/` query; a new one (or none) opens it again.
    if (!value.startsWith('/') || !text.startsWith('/')) setPickerDismissed(false)
    setText(value)
    setHighlighted(0)
  }

  const pick = (option: PromptOption) => {
    setText(option.content)
    setPickerDismissed(true)
    // After React has rendered the new value (not rAF: a background tab may never run it).
    setTimeout(() => {
      const area = inputRef.current
      area?.focus()
      area?.setSelectionRange(option.content.length, option.content.length)
    }, 0)
  }

  const canSend = !sending && !attachments.uploading && (text.trim().length > 0 || attachments.images.length > 0)

  const send = async () => {
    if (!canSend) return
    const question = { prompt: text, images: attachments.images.map(image => image.src), files: attachments.files }
    const snapshot = attachments.snapshot()
    setText('')
    attachments.clear()
    const sent = await sendQuestion(question)
    // Refused (the catalogue said why): give the words back unless new ones were typed meanwhile.
    if (!sent) {
      setText(current => current || question.prompt)
      attachments.restore(snapshot)
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const native = event.nativeEvent
    if (pickerOpen && !isImeEnter(native, composing.current)) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault()
        const step = event.key === 'ArrowDown' ? 1 : -1
        if (options.length) setHighlighted(index => (index + step + options.length) % options.length)
        return
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && options[highlighted] && !event.shiftKey) {
        event.preventDefault()
        pick(options[highlighted])
        return
      }
      if (event.key === 'Escape') {
        event.preventDefault()
        event.stopPropagation()
        setPickerDismissed(true)
        return
      }
    }
    if (shouldSend(native, composing.current)) {
      event.preventDefault()
      void send()
    }
  }

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const images = [...event.clipboardData.files].filter(file => file.type.startsWith('image/'))
    if (!images.length) return
    event.preventDefault()
    void attachments.addImages(images)
  }

  const listId = 'zx-prompt-options'
  return (
    <div className="composer-wrap" part="composer">
      <div className="composer" data-testid="composer">
        {pickerOpen ? <PromptPicker options={options} highlighted={highlighted} onPick={pick} listId={listId} /> : null}
        {attachments.images.length || attachments.pending.length ? (
          <div className="attachments" data-testid="attachments">
            {attachments.images.map(image => (
              <span key={image.id} className="attachment-image">
                <img src={image.src} alt="" />
                <button type="button" className="attachment-remove" aria-label={t.removeAttachment} onClick={() => attachments.removeImage(image.id)}>
                  <Icon name="close" />
                </button>
              </span>
            ))}
            {attachments.pending.map(file => (
              <span key={file.key} className="attachment-file" data-uploading={file.uploaded ? undefined : true}>
                {file.uploaded ? <Icon name="file" /> : <span className="spinner small" aria-label={t.uploading} />}
                <span className="attachment-name">{file.name}</span>
                <button type="button" className="attachment-remove inline" aria-label={t.removeAttachment} onClick={() => attachments.removeFile(file.key)}>
                  <Icon name="close" />
                </button>
              </span>
            ))}
          </div>
        ) : null}
        <textarea
          ref={inputRef}
          className="composer-input"
          rows={1}
          value={text}
          placeholder={compact ? t.placeholderCompact : t.placeholder}
          aria-label={t.composer}
          aria-controls={pickerOpen ? listId : undefined}
          aria-activedescendant={pickerOpen && options.length ? `${listId}-${highlighted}` : undefined}
          aria-autocomplete="list"
          enterKeyHint="send"
          data-testid="composer-input"
          onChange={event => change(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onCompositionStart={() => (composing.current = true)}
          onCompositionEnd={() => (composing.current = false)}
        />
        <div className="composer-bar">
          <div className="composer-tools">
            {vision ? <IconButton icon="image" label={t.attachImage} testId="attach-image" onClick={() => imageInput.current?.click()} /> : null}
            <IconButton icon="paperclip" label={t.attachFile} testId="attach-file" onClick={() => fileInput.current?.click()} />
            <IconButton
              icon="command"
              label={t.promptStore}
              testId="open-prompt-picker"
              onClick={() => {
                change('/')
                inputRef.current?.focus()
              }}
            />
            <ChatDatasets />
          </div>
          {sending ? (
            <button type="button" className="send stop" aria-label={t.stop} title={t.stop} data-testid="stop" onClick={() => stopSending()}>
              <Icon name="stop" />
            </button>
          ) : (
            <button type="button" className="send" aria-label={t.send} title={t.send} disabled={!canSend} data-testid="send" onClick={() => void send()}>
              <Icon name="send" />
            </button>
          )}
        </div>
        <input
          ref={imageInput}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          multiple
          hidden
          onChange={event => {
            const files = [...(event.target.files ?? [])]
            event.target.value = ''
            if (files.length > MAX_IMAGES - attachments.images.length) showToast('warning', t.tooManyImages({ max: MAX_IMAGES }))
            void attachments.addImages(files)
          }}
        />
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          onChange={event => {
            const files = [...(event.target.files ?? [])]
            event.target.value = ''
            void attachments.addFiles(files)
          }}
        />
      </div>
      <p className="disclaimer">{t.disclaimer}</p>
    </div>
  )
}

export const composerCss = `
.composer-wrap { flex: none; width: 100%; max-width: var(--zx-dialogue-width, 860px); margin: 0 auto; padding: 0 24px 12px; }
.composer {
  position: relative; display: flex; flex-direction: column; gap: 4px; padding: 10px 10px 8px 14px;
  border: 1px solid var(--_border); border-radius: 20px; background: var(--_bg-elevated);
  box-shadow: 0 6px 24px rgba(15, 23, 42, 0.06); transition: border-color 120ms, box-shadow 120ms;
}
.composer:focus-within { border-color: color-mix(in srgb, var(--_primary) 60%, var(--_border)); box-shadow: 0 0 0 3px var(--_primary-soft), 0 6px 24px rgba(15, 23, 42, 0.06); }
.composer-input {
  width: 100%; min-height: 26px; max-height: 240px; padding: 4px 2px; border: 0; resize: none; outline: none;
  background: none; color: var(--_text); font: inherit; font-size: 15px; line-height: 1.6;
}
.composer-input:focus-visible { outline: none; }
.composer-input::placeholder { color: var(--_text-muted); opacity: 0.8; }
.composer-bar { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.composer-tools { display: flex; align-items: center; gap: 2px; margin-left: -6px; }
.send {
  display: grid; place-items: center; width: 36px; height: 36px; flex: none; border: 0; border-radius: 50%;
  background: var(--_primary-strong); color: var(--_on-primary); cursor: pointer; transition: background 120ms, opacity 120ms, transform 120ms;
}
.send .icon { width: 18px; height: 18px; stroke-width: 2.4; }
.send:hover:not(:disabled) { background: var(--_primary-hover); }
.send:active:not(:disabled) { transform: scale(0.94); }
.send:disabled { background: var(--_bg-hover); color: var(--_text-muted); cursor: not-allowed; }
.send.stop { background: var(--_text); color: var(--_bg); }
.send.stop .icon { width: 14px; height: 14px; fill: currentColor; }
.attachments { display: flex; flex-wrap: wrap; gap: 8px; padding: 4px 0 6px; }
.attachment-image { position: relative; width: 64px; height: 64px; border-radius: 12px; overflow: hidden; border: 1px solid var(--_border); }
.attachment-image img { width: 100%; height: 100%; object-fit: cover; display: block; }
.attachment-remove {
  position: absolute; top: 3px; right: 3px; display: grid; place-items: center; width: 20px; height: 20px; padding: 0;
  border: 0; border-radius: 50%; background: rgba(0, 0, 0, 0.6); color: #fff; cursor: pointer;
}
.attachment-remove .icon { width: 12px; height: 12px; stroke-width: 2.4; }
.attachment-remove.inline { position: static; background: var(--_bg-hover); color: var(--_text-muted); }
.attachment-file {
  display: inline-flex; align-items: center; gap: 6px; max-width: 220px; height: 36px; padding: 0 6px 0 10px;
  border: 1px solid var(--_border); border-radius: 10px; background: var(--_bg-subtle); font-size: 13px;
}
.attachment-file .icon { width: 15px; height: 15px; color: var(--_primary-strong); }
.attachment-name { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.spinner.small { width: 14px; height: 14px; border-width: 2px; flex: none; }
.disclaimer { margin: 6px 0 0; text-align: center; font-size: 12px; color: var(--_text-muted); }
@container dialogue (max-width: 560px) {
  .composer-wrap { padding: 0 8px 8px; }
  .disclaimer { display: none; }
}
`

Composer.styles = styles(DatasetPicker, PromptPicker, composerCss)
