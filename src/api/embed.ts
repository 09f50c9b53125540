import { request } from './client'

/**
 * Embed keys (a teacher's, for the script tag, iframe and external chat) and
 * the portal pages, as docs/embed.md describes them. The visitors' calls of
 * the widget itself are in src/embed/panel/api.ts (the embed ships its own).
 */

export type VisitorMode = 'anonymous' | 'signed' | 'any'

export interface EmbedLimits {
  visitorDailyMessages: number
  visitorDailyTokens: number
  dailyMessages: number
  dailyTokens: number
}

export interface EmbedKey {
  key: string
  name: string
  assistantId: string
  assistant: { title: string; avatar: string } | null
  origins: string[]
  hostedPages: boolean
  visitors: VisitorMode
  hasSecret: boolean
  limits: EmbedLimits
  enabled: boolean
  today: { messages: number; tokens: number; visitors: number }
  createTime: number
  updateTime: number
  /** Only in the reply that made it: the signing secret for the school's web server. */
  secret?: string
}

export interface EmbedKeyInput {
  name: string
  assistantId: string
  origins: string[]
  hostedPages: boolean
  visitors: VisitorMode
  limits: EmbedLimits
  enabled: boolean
}

const keyPath = (key: string) => `app/user/embed/key/${encodeURIComponent(key)}`

export const listEmbedKeys = () => request<EmbedKey[]>('GET', 'app/user/embed/key')
export const createEmbedKey = (input: EmbedKeyInput) => request<EmbedKey>('POST', 'app/user/embed/key', input, { quiet: true })
export const updateEmbedKey = (key: string, input: Partial<EmbedKeyInput>) => request<EmbedKey>('PUT', keyPath(key), input, { quiet: true })
export const deleteEmbedKey = (key: string) => request<null>('DELETE', keyPath(key))
export const rotateEmbedSecret = (key: string) => request<{ secret: string }>('POST', `${keyPath(key)}/secret`)

export type PortalSlug = 'portal' | 'mainPortal' | 'secondIndustryPortal'

export interface PortalLink {
  title: string
  url: string
}

export interface Portal {
  slug: PortalSlug
  title: string
  subtitle: string
  banner: string
  schoolName: string
  assistants: Array<{ id: string; title: string; description: string; avatar: string }>
  courses: Array<{ id: string; title: string; description: string; cover: string; category: string }>
  links: PortalLink[]
  chatKey: string | null
  updateTime: number
}

export interface PortalSettings extends Portal {
  assistantIds: string[]
  courseIds: string[]
  embedKeyId: string | null
}

export interface PortalInput {
  title: string
  subtitle: string
  banner: string
  assistantIds: string[]
  courseIds: string[]
  links: PortalLink[]
  embedKeyId: string | null
}

export const fetchPortal = (slug: PortalSlug) => request<Portal>('GET', `app/api/portal/${slug}`, undefined, { quiet: true })
export const fetchPortalSettings = (slug: PortalSlug) => request<PortalSettings>('GET', `app/user/portal/${slug}`)
export const savePortalSettings = (slug: PortalSlug, input: PortalInput) => request<PortalSettings>('PUT', `app/user/portal/${slug}`, input, { quiet: true })
