import type { ChatMessage } from './chat'
import { request, type RequestOptions } from './client'

/**
 * Inquiry practice (docs/api/assistants.md, server/modules/practice): the school's
 * external practice apps and the records of inquiry chats.
 */

export interface PracticeApp {
  id: string
  title: string
  description: string
  url: string
  icon: string
  author: string
  own: boolean
  createTime: number
  updateTime: number
}

export interface PracticeAppInput {
  title: string
  description?: string
  url: string
  icon?: string
}

export interface InquiryRecord {
  chatNumber: string
  title: string
  assistantId: string
  assistantTitle: string
  student: { id: string; name: string }
  questions: number
  createTime: number
  updateTime: number
}

export function listPracticeApps(title?: string, options?: RequestOptions): Promise<PracticeApp[]> {
  return request<PracticeApp[]>('GET', 'course/app/api/practice/app', { title }, options)
}

export function savePracticeApp(input: PracticeAppInput & { id?: string }): Promise<PracticeApp> {
  return request<PracticeApp>(input.id ? 'PUT' : 'POST', 'course/app/api/practice/app', input, { quiet: true })
}

export function deletePracticeApp(id: string): Promise<null> {
  return request<null>('DELETE', `course/app/api/practice/app/${encodeURIComponent(id)}`)
}

export function listInquiryRecords(query: { assistantId?: string } = {}, options?: RequestOptions): Promise<InquiryRecord[]> {
  return request<InquiryRecord[]>('GET', 'course/app/api/practice/records', query, options)
}

export function fetchInquiryRecord(chatNumber: string, options?: RequestOptions): Promise<{ record: InquiryRecord; messages: ChatMessage[] }> {
  return request('GET', `course/app/api/practice/records/${encodeURIComponent(chatNumber)}`, undefined, options)
}
