import type { FormField, FormValues } from '../../shared/form-rules'
import type { CompletionEvent } from './chat'
import { request, type RequestOptions } from './client'
import { streamEvents } from './stream'

/**
 * Assistants, AI apps and favourites (docs/api/assistants.md; inquiry practice: ./practice).
 * Field rules of form apps are shared with the server as data and code
 * (server/modules/assistants/form-rules.ts), so both refuse the same input.
 */

export type AssistantKind = 'chat' | 'inquiry' | 'form'

export interface AssistantCard {
  id: string
  kind: AssistantKind
  title: string
  description: string
  avatar: string
  openingMessage: string
  starterQuestions: string[]
  typeMode: 'sys' | 'user'
  typeId: string | null
  author: string | null
  own: boolean
  favorite: boolean
  lastUsedAt: number | null
  formFields?: FormField[]
}

export interface Publication {
  scope: 'school' | 'course'
  courseId?: string | null
}

export interface AssistantDetail extends AssistantCard {
  systemMessage?: string
  model?: string | null
  modelVersion?: string | null
  temperature?: number
  top_p?: number
  datasetIds?: string[]
  publications?: Publication[]
  createTime: number
  updateTime: number
}

export interface AssistantType {
  id: string
  typeMode: string
  name: string
  icon: string
}

export interface AssistantInput {
  kind?: 'chat' | 'inquiry'
  typeId?: string | null
  title: string
  description?: string
  avatar?: string
  systemMessage: string
  model?: string | null
  modelVersion?: string | null
  temperature?: number
  top_p?: number
  openingMessage?: string
  starterQuestions?: string[]
  datasetIds?: string[]
  publications?: Publication[]
}

export interface AssistantSession {
  chatNumber: string
  title: string
  assistantId: string
  assistant: { title: string; avatar: string; kind: string } | null
  createTime: number
  updateTime: number
}

export function listAllAssistants(query: { title?: string; kind?: AssistantKind; scope?: 'school' } = {}, options?: RequestOptions): Promise<AssistantCard[]> {
  return request<AssistantCard[]>('GET', 'course/app/api/allAssistant', query, options)
}

export function listAssistantTypes(typeMode: 'sys' | 'form' = 'sys', options?: RequestOptions): Promise<AssistantType[]> {
  return request<AssistantType[]>('GET', 'app/api/assistant/type', { typeMode }, options)
}

export function fetchAssistant(id: string, options?: RequestOptions): Promise<AssistantDetail> {
  return request<AssistantDetail>('GET', `app/user/assistant/${encodeURIComponent(id)}`, undefined, options)
}

export function listOwnAssistants(title?: string, options?: RequestOptions): Promise<AssistantCard[]> {
  return request<AssistantCard[]>('GET', 'app/user/assistant/list', { title }, options)
}

export function createAssistant(input: AssistantInput): Promise<AssistantDetail> {
  return request<AssistantDetail>('POST', 'app/user/assistant', input, { quiet: true })
}

export function updateAssistant(id: string, input: AssistantInput): Promise<AssistantDetail> {
  return request<AssistantDetail>('PUT', 'app/user/assistant', { id, ...input }, { quiet: true })
}

export function deleteAssistant(id: string): Promise<null> {
  return request<null>('DELETE', `app/user/assistant/${encodeURIComponent(id)}`)
}

export function listFavorites(title?: string, options?: RequestOptions): Promise<AssistantCard[]> {
  return request<AssistantCard[]>('GET', 'app/user/favorite', { title }, options)
}

export function setFavorite(assistantId: string, favorite: boolean): Promise<{ assistantId: string; favorite: boolean }> {
  return request('POST', `app/user/favorite/${favorite ? 'add' : 'remove'}`, { assistantId })
}

export function listAssistantSessions(query: { assistantId?: string } = {}, options?: RequestOptions): Promise<AssistantSession[]> {
  return request<AssistantSession[]>('GET', 'v1/chat/assistant/session', query, options)
}

export function deleteAssistantSession(chatNumber: string): Promise<null> {
  return request<null>('DELETE', `v1/chat/assistant/session/${encodeURIComponent(chatNumber)}`)
}

export function listFormApps(query: { title?: string } = {}, options?: RequestOptions): Promise<AssistantCard[]> {
  return request<AssistantCard[]>('GET', 'gpt/assistant-form/list', query, options)
}

/** Runs a form app: the answer streams as chat completion events (start, delta, done|error, end). */
export async function* runFormApp(
  body: { formId: string; values: FormValues; model?: string; modelVersion?: string },
  signal?: AbortSignal,
): AsyncGenerator<CompletionEvent> {
  for await (const event of streamEvents<CompletionEvent>('gpt/assistant-form/run', { body, signal })) yield event.data
}
