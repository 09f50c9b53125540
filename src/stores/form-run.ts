import { map } from 'nanostores'
import { runFormApp } from '../api/assistants'
import { streamCompletion, type CompletionEvent } from '../api/chat'
import { isCancel } from '../api/errors'
import type { FormValues } from '../../shared/form-rules'
import { onUserChange } from './user-scope'

/**
 * One form-app run: the answer streams in as markdown, can be stopped,
 * regenerated (the same question answered again, in the same chat) and
 * continued as a chat (the run made one: `chatNumber`).
 */

export type RunStatus = 'idle' | 'running' | 'done' | 'stopped' | 'error'

export interface FormRun {
  formId: string
  status: RunStatus
  text: string
  /** Set from the stream's start: the chat the run made, and its question. */
  chatNumber: string
  questionId: string
  error: string
}

const idle = (formId = ''): FormRun => ({ formId, status: 'idle', text: '', chatNumber: '', questionId: '', error: '' })

export const $formRun = map<FormRun>(idle())

let controller: AbortController | undefined
onUserChange(() => resetFormRun())

export function resetFormRun(formId = ''): void {
  controller?.abort()
  $formRun.set(idle(formId))
}

async function consume(events: AsyncGenerator<CompletionEvent>, own: AbortController, fallbackError: string): Promise<void> {
  try {
    for await (const event of events) {
      if (controller !== own) return
      if (event.type === 'start') {
        $formRun.setKey('chatNumber', event.conversationId)
        $formRun.setKey('questionId', event.question.messageId)
      } else if (event.type === 'delta') {
        $formRun.setKey('text', $formRun.get().text + event.text)
      } else if (event.type === 'done') {
        $formRun.setKey('text', event.message.content)
        $formRun.setKey('status', event.message.status === 'stopped' ? 'stopped' : 'done')
      } else if (event.type === 'error') {
        $formRun.setKey('status', 'error')
        $formRun.setKey('error', event.msg || fallbackError)
      } else if (event.type === 'end') {
        break
      }
    }
    if (controller === own && $formRun.get().status === 'running') $formRun.setKey('status', 'done')
  } catch (error) {
    if (controller !== own) return
    // A refusal before the stream (bad values) was already shown by the API catalogue.
    $formRun.setKey('status', isCancel(error) || own.signal.aborted ? 'stopped' : 'error')
    if (!own.signal.aborted && !isCancel(error)) $formRun.setKey('error', error instanceof Error ? error.message : fallbackError)
  }
}

export async function runForm(formId: string, values: FormValues, fallbackError: string): Promise<void> {
  controller?.abort()
  const own = (controller = new AbortController())
  $formRun.set({ ...idle(formId), status: 'running' })
  await consume(runFormApp({ formId, values }, own.signal), own, fallbackError)
}

/** Answers the same filled form again in the same chat. */
export async function regenerateForm(fallbackError: string): Promise<void> {
  const { chatNumber, questionId, formId } = $formRun.get()
  if (!chatNumber || !questionId) return
  controller?.abort()
  const own = (controller = new AbortController())
  $formRun.set({ ...idle(formId), chatNumber, questionId, status: 'running' })
  await consume(streamCompletion('v1', { conversationId: chatNumber, parentMessageId: questionId, regenerate: true }, own.signal), own, fallbackError)
}

export function stopForm(): void {
  controller?.abort()
  if ($formRun.get().status === 'running') $formRun.setKey('status', 'stopped')
}
