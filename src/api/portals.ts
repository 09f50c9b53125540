import { request } from './client'

/**
 * The portal pages (/portal, /mainPortal, /secondIndustryPortal): what a
 * visitor sees and the settings a school's manager saves (docs/api/embed.md).
 */

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
