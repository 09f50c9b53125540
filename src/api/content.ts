import { request, requestEnvelope, type Envelope } from './client'
import type { BaseInfo } from '../stores/settings'

/** Public content calls of SPEC §7: home config, dictionaries, agreements. */

export interface HomeConfig {
  baseInfo?: BaseInfo
  /** Whether SMS codes reach anyone: phone sign-in and reset are offered only then. */
  smsSignIn?: boolean
}

export interface DictItem {
  label: string
  value: string
}

export interface Agreement {
  id: string
  title: string
  /** Markdown; render only through the sanitizing renderer. */
  content: string
}

/** The whole envelope: SPEC §4 applies the config only when the code is 200. */
export function fetchHomeConfig(): Promise<Envelope<HomeConfig>> {
  return requestEnvelope<HomeConfig>('GET', 'app/api/home/config')
}

export function fetchDict(id: string): Promise<DictItem[]> {
  return request<DictItem[]>('GET', `app/api/dict/select/${encodeURIComponent(id)}`)
}

export function fetchAgreement(id: string): Promise<Agreement> {
  return request<Agreement>('GET', `app/api/content/agreement/${encodeURIComponent(id)}`)
}
