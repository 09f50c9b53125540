import { request, type RequestOptions } from './client'

/** Generation jobs: images, videos (and mind maps) on the server's durable queue (docs/api/generations.md). */

export type GenerationStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled'

export interface GenerationFile {
  id: string
  url: string
  mime: string
}

export interface Generation {
  id: string
  kind: string
  status: GenerationStatus
  progress: number
  error?: string
  files: GenerationFile[]
  outline?: string
  model: string
  prompt: string
  options: { size?: string; n?: number; seconds?: number; style?: string; imageFileId?: string }
  /** A video's first frame as picked, with a link signed for the reader (an <img> needs no token). */
  firstFrame?: { id: string; url: string }
  createTime: number
  finishTime: number | null
}

export interface MediaModel {
  name: string
  label: string
  kind: 'image' | 'video'
  sizes: string[]
  maxN?: number
  seconds?: number[]
}

export interface GenerationRequest {
  kind: 'image' | 'video' | 'mindmap'
  prompt: string
  model?: string
  size?: string
  n?: number
  seconds?: number
  style?: string
  source?: Record<string, unknown>
}

const BASE = 'app/user/generations'

export const isActive = (job: Pick<Generation, 'status'>) => job.status === 'queued' || job.status === 'running'

export const startGeneration = (body: GenerationRequest) => request<{ id: string }>('POST', BASE, body)
export const getGeneration = (id: string, options?: RequestOptions) => request<Generation>('GET', `${BASE}/${encodeURIComponent(id)}`, undefined, options)
export const listGenerations = (kind: string, options?: RequestOptions) => request<Generation[]>('GET', BASE, { kind }, options)
export const cancelGeneration = (id: string) => request<Generation>('POST', `${BASE}/${encodeURIComponent(id)}/cancel`)
export const generationModels = (options?: RequestOptions) => request<{ models: MediaModel[]; styles: string[] }>('GET', `${BASE}/models`, undefined, options)
