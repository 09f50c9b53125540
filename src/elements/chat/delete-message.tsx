import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { $chatMessages } from '../../i18n'
import { $activeMode } from '../../stores/chat'
import { $sending } from '../../stores/chat-send'
import { removeMessage } from '../../stores/chat-thread'
import { ConfirmDialog, IconButton } from '../shared/ui'

/** The trash button of a message, asking first (deleting a question takes its answers with it). */
export function DeleteMessageButton({ messageId, question, testId }: { messageId: string; question: boolean; testId: string }) {
  const t = useStore($chatMessages)
  const sending = useStore($sending)
  const mode = useStore($activeMode)
  const [confirming, setConfirming] = useState(false)
  return (
    <>
      <IconButton icon="trash" label={t.delete} disabled={!!sending} testId={testId} onClick={() => setConfirming(true)} />
      {confirming ? (
        <ConfirmDialog
          heading={t.deleteMessageTitle}
          message={question ? t.deleteQuestionConfirm : t.deleteAnswerConfirm}
          confirmLabel={t.delete}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false)
            void removeMessage(mode, messageId).catch(() => {})
          }}
        />
      ) : null}
    </>
  )
}
