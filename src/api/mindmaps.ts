import { request, type RequestOptions } from './client'
import { streamEvents } from './stream'

/** Mind maps (docs/api/mindmaps.md). */

export type MapSourceKind = 'topic' | 'lesson' | 'document' | 'file' | 'message'

export interface MapSourceRequest {
  kind: MapSourceKind
  id?: string
  topic?: string
}

export interface MindMapSummary {
  id: string
  title: string
  source: { kind: MapSourceKind; id?: string; title: string } | null
  shared: boolean
  createdAt: number
  updatedAt: number
}

export interface MindMap extends Omit<MindMapSummary, 'shared'> {
  outline: string
  shareToken: string | null
  sharedAt: number | null
}

export type WriterEvent =
  | { type: 'start'; engine: 'model' | 'builtin'; title: string; source: { kind: MapSourceKind; id?: string; title: string } }
  | { type: 'lines'; text: string }
  | { type: 'notice'; message: string }
  | { type: 'done'; outline: string; nodes: number }
  | { type: 'error'; message: string }

const BASE = '/app/user/mindmaps'

export const listMindMaps = (options?: RequestOptions) => request<MindMapSummary[]>('GET', BASE, undefined, options)
export const fetchMindMap = (id: string, options?: RequestOptions) => request<MindMap>('GET', `${BASE}/${encodeURIComponent(id)}`, undefined, options)
export const createMindMap = (body: { title?: string; outline: string; source?: MindMapSummary['source'] }) => request<MindMap>('POST', BASE, body)
export const saveMindMap = (id: string, body: { title?: string; outline?: string }) => request<MindMap>('PUT', `${BASE}/${encodeURIComponent(id)}`, body)
export const deleteMindMap = (id: string) => request<null>('DELETE', `${BASE}/${encodeURIComponent(id)}`)
export const shareMindMap = (id: string) => request<{ token: string; path: string }>('POST', `${BASE}/${encodeURIComponent(id)}/share`)
export const unshareMindMap = (id: string) => request<null>('DELETE', `${BASE}/${encodeURIComponent(id)}/share`)

/** The outline as it streams in (lines events), ending with done or error. */
export async function* streamOutline(body: { source: MapSourceRequest; model?: string }, signal: AbortSignal): AsyncGenerator<WriterEvent> {
  for await (const event of streamEvents<WriterEvent>(`${BASE}/outline`, { body, signal })) yield event.data
}

/** One node's children as they stream in (lines relative to the node). */
export async function* streamExpansion(body: { path: string[]; model?: string }, signal: AbortSignal): AsyncGenerator<WriterEvent> {
  for await (const event of streamEvents<WriterEvent>(`${BASE}/expand`, { body, signal })) yield event.data
}
