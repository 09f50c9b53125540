import { downloadWithToken, request } from './client'
import type { ClientType } from './account'
import { ApiError } from './errors'

/** School administration calls (docs/api/admin.md): managers holding the admin right. */

export interface ClassRef {
  id: string
  name: string
}

export interface Person {
  id: string
  username: string
  name: string
  nickname: string
  clientTypes: ClientType[]
  admin: boolean
  disabled: boolean
  mustChangePassword: boolean
  menus: string | null
  classes: ClassRef[]
  /** From the school's sign-on when its rules fill them, '' otherwise. */
  email: string
  number: string
  createdAt: number
}

export interface PeopleQuery {
  keyword?: string
  clientType?: ClientType | ''
  status?: 'active' | 'disabled' | ''
  page: number
  pageSize: number
}

export interface RosterProblem {
  line: number
  reason: string
}

export interface AdminClass {
  id: string
  name: string
  major: string
  term: string
  studentCount: number
  teacherCount: number
}

export interface DictionaryItem {
  value: string
  label: string
  classCount: number
}

export type SchoolDictionary = 'major' | 'term'

export interface ProviderModel {
  name: string
  label?: string
  versions: string[]
  vision?: boolean
  contextTokens?: number
}

export interface AdminProvider {
  id: string
  name: string
  baseUrl: string
  hasKey: boolean
  models: ProviderModel[]
  timeoutSeconds: number
  enabled: boolean
}

export interface ModelsOverview {
  providers: AdminProvider[]
  models: Array<{ name: string; label: string; versions: string[]; source: 'config' | 'school' | 'builtin'; providerId: string }>
  defaultModel: string
  access: Record<string, ClientType[]>
  keysEncrypted: boolean
}

export interface ProviderInput {
  name: string
  baseUrl: string
  /** Absent: keep the stored key. */
  apiKey?: string
  models: ProviderModel[]
  enabled?: boolean
}

export interface SiteSettings {
  siteTitle: string
  siteLogo: string
  textLogo: string
  loginNotice: string
  agreements: Array<{ id: string; title: string; content: string; updatedAt: number }>
}

const seg = encodeURIComponent

export function listPeople(query: PeopleQuery, signal?: AbortSignal): Promise<{ items: Person[]; total: number }> {
  const params: Record<string, string | number> = { page: query.page, pageSize: query.pageSize }
  if (query.keyword?.trim()) params.keyword = query.keyword.trim()
  if (query.clientType) params.clientType = query.clientType
  if (query.status) params.status = query.status
  return request('GET', 'course/admin/users', params, { signal })
}

export function createPerson(input: {
  username: string
  name: string
  clientTypes: ClientType[]
  classIds?: string[]
  admin?: boolean
}): Promise<{ person: Person; oneTimePassword: string }> {
  return request('POST', 'course/admin/users', input, { quiet: true })
}

export function updatePerson(
  id: string,
  changes: Partial<{ name: string; clientTypes: ClientType[]; menus: string | null; admin: boolean; classIds: string[] }>,
): Promise<Person> {
  return request('PUT', `course/admin/users/${seg(id)}`, changes, { quiet: true })
}

export function setPersonDisabled(id: string, disabled: boolean): Promise<Person> {
  return request('POST', `course/admin/users/${seg(id)}/${disabled ? 'disable' : 'enable'}`)
}

export function resetPersonPassword(id: string): Promise<{ person: Person; oneTimePassword: string }> {
  return request('POST', `course/admin/users/${seg(id)}/password/reset`)
}

export function fetchMenuChoices(): Promise<{ ids: string[]; defaults: Record<ClientType, string> }> {
  return request('GET', 'course/admin/menus')
}

export type RosterOutcome = { ok: true; created: number; classesCreated: string[] } | { ok: false; problems: RosterProblem[]; message: string }

/** Imports an uploaded roster file; a refused file comes back with its problems, not as a failure. */
export async function importRoster(fileId: string): Promise<RosterOutcome> {
  try {
    const done = await request<{ created: number; classesCreated: string[] }>('POST', 'course/admin/users/import', { fileId }, { quiet: true })
    return { ok: true, ...done }
  } catch (error) {
    const problems = error instanceof ApiError ? (error.data as { problems?: RosterProblem[] } | undefined)?.problems : undefined
    if (problems) return { ok: false, problems, message: (error as ApiError).message }
    throw error
  }
}

/** Downloads the roster template with the session's token (a plain link would carry none). */
export function downloadRosterTemplate(format: 'csv' | 'xlsx'): Promise<void> {
  return downloadWithToken(`course/admin/users/import/template?format=${format}`, `roster-template.${format}`)
}

export function listAdminClasses(): Promise<AdminClass[]> {
  return request('GET', 'course/admin/classes')
}

export function saveAdminClass(id: string | null, input: { name?: string; major?: string; term?: string }): Promise<AdminClass> {
  return id ? request('PUT', `course/admin/classes/${seg(id)}`, input, { quiet: true }) : request('POST', 'course/admin/classes', input, { quiet: true })
}

export function deleteAdminClass(id: string): Promise<unknown> {
  return request('DELETE', `course/admin/classes/${seg(id)}`)
}

export function listDictionary(dict: SchoolDictionary): Promise<DictionaryItem[]> {
  return request('GET', `course/admin/dictionaries/${dict}`)
}

export function addDictionaryEntry(dict: SchoolDictionary, input: { label: string; value?: string }): Promise<DictionaryItem> {
  return request('POST', `course/admin/dictionaries/${dict}`, input, { quiet: true })
}

export function deleteDictionaryEntry(dict: SchoolDictionary, value: string): Promise<unknown> {
  return request('DELETE', `course/admin/dictionaries/${dict}/${seg(value)}`)
}

export function fetchModels(): Promise<ModelsOverview> {
  return request('GET', 'course/admin/models')
}

export function saveProvider(id: string | null, input: ProviderInput): Promise<AdminProvider> {
  return id
    ? request('PUT', `course/admin/models/providers/${seg(id)}`, input, { quiet: true })
    : request('POST', 'course/admin/models/providers', input, { quiet: true })
}

export function deleteProvider(id: string): Promise<unknown> {
  return request('DELETE', `course/admin/models/providers/${seg(id)}`)
}

export function testProvider(input: {
  providerId?: string
  baseUrl?: string
  apiKey?: string
  model: string
}): Promise<{ ok: boolean; latencyMs: number; message: string }> {
  return request('POST', 'course/admin/models/test', input, { quiet: true })
}

export function saveModelSettings(input: { defaultModel?: string; access?: Record<string, ClientType[]> }): Promise<ModelsOverview> {
  return request('PUT', 'course/admin/models/settings', input)
}

export function fetchSite(): Promise<SiteSettings> {
  return request('GET', 'course/admin/site')
}

export function saveSite(input: Partial<Omit<SiteSettings, 'agreements'>>): Promise<SiteSettings> {
  return request('PUT', 'course/admin/site', input, { quiet: true })
}

export function saveAgreement(id: string, content: string): Promise<unknown> {
  return request('PUT', `course/admin/agreements/${seg(id)}`, { content }, { quiet: true })
}
