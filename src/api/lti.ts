import { request } from './client'

/** LTI 1.3 platforms, managed in school administration (docs/api/lti.md): managers holding the admin right. */

export interface LtiPlatformInput {
  name: string
  issuer: string
  clientId: string
  deploymentIds: string[]
  authLoginUrl: string
  tokenUrl: string
  jwksUrl: string
  frameOrigin?: string
  enabled: boolean
}

export interface LtiPlatform extends LtiPlatformInput {
  id: string
  frameOrigin: string
}

export interface LtiOverview {
  /** What the LMS's administrator types in about Zhixue. */
  tool: { loginUrl: string; launchUrl: string; jwksUrl: string; deepLinkingUrl: string }
  platforms: LtiPlatform[]
}

export const fetchLtiPlatforms = () => request<LtiOverview>('GET', 'course/admin/lti/platforms')
export const addLtiPlatform = (input: LtiPlatformInput) => request<LtiOverview>('POST', 'course/admin/lti/platforms', input, { quiet: true })
export const removeLtiPlatform = (id: string) => request<LtiOverview>('DELETE', `course/admin/lti/platforms/${encodeURIComponent(id)}`)
