import { request } from './client'

/**
 * Embed keys (a teacher's, for the script tag, iframe and external chat), as
 * docs/api/embed.md describes them; the portal pages are in ./portals. The
 * visitors' calls of the widget itself are in src/embed/panel/api.ts (the
 * embed ships its own).
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
