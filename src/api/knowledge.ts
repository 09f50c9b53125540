import { request, type RequestOptions } from './client'

/** The knowledge library's calls (docs/api/knowledge.md). */

export type DatasetVisibility = 'private' | 'course' | 'school'
export type DocumentStatus = 'queued' | 'parsing' | 'indexing' | 'ready' | 'error'

export interface Dataset {
  id: string
  name: string
  description: string
  visibility: DatasetVisibility
  courseIds: string[]
  documentCount: number
  readyCount: number
  chunkCount: number
  owner: { id: string; name: string }
  mine: boolean
  createTime: number
  updateTime: number
}

export interface SelectableDataset {
  id: string
  name: string
  description: string
  visibility: DatasetVisibility
  documentCount: number
  owner: string
  mine: boolean
}

export interface KnowledgeDocument {
  id: string
  datasetId: string
  name: string
  mime: string
  size: number
  status: DocumentStatus
  error: string | null
  pageCount: number
  charCount: number
  chunkCount: number
  fileUrl: string
  createTime: number
  updateTime: number
}

export interface Chunk {
  id: string
  datasetId: string
  documentId: string
  position: number
  page: number | null
  content: string
  edited: boolean
  updateTime: number
}

export interface ChunkWithSource extends Chunk {
  documentName: string
  datasetName: string
  fileUrl: string
}

export interface SearchHit {
  chunkId: string
  datasetId: string
  documentId: string
  documentName: string
  position: number
  page: number | null
  content: string
  score: number
  bm25: number | null
  similarity: number | null
  fused: number
}

export interface DatasetInput {
  name?: string
  description?: string
  visibility?: DatasetVisibility
  courseIds?: string[]
}

const BASE = '/course/ragDataset'

export const selectDatasets = (options?: RequestOptions) => request<SelectableDataset[]>('GET', `${BASE}/ragDsSelect`, undefined, options)
export const listDatasets = (query: { keyword?: string; scope?: 'all' | 'mine' | 'shared' } = {}) => request<Dataset[]>('GET', `${BASE}/list`, query)
export const getDataset = (id: string) => request<Dataset>('GET', `${BASE}/${id}`)
export const createDataset = (input: DatasetInput & { name: string }) => request<Dataset>('POST', BASE, input)
export const updateDataset = (id: string, input: DatasetInput) => request<Dataset>('PUT', `${BASE}/${id}`, input)
export const deleteDataset = (id: string) => request<null>('DELETE', `${BASE}/${id}`)
export const listDocuments = (datasetId: string, options?: RequestOptions) =>
  request<KnowledgeDocument[]>('GET', `${BASE}/${datasetId}/documents`, undefined, options)
export const addDocuments = (datasetId: string, fileIds: string[], options?: RequestOptions) =>
  request<KnowledgeDocument[]>('POST', `${BASE}/${datasetId}/documents`, { fileIds }, options)
export const deleteDocument = (id: string) => request<null>('DELETE', `${BASE}/document/${id}`)
export const reindexDocument = (id: string) => request<KnowledgeDocument>('POST', `${BASE}/document/${id}/reindex`)
export const listChunks = (documentId: string, query: { page?: number; pageSize?: number; keyword?: string } = {}) =>
  request<{ items: Chunk[]; total: number; page: number; pageSize: number }>('GET', `${BASE}/document/${documentId}/chunks`, query)
export const getChunk = (id: string, options?: RequestOptions) => request<ChunkWithSource>('GET', `${BASE}/chunk/${id}`, undefined, options)
export const updateChunk = (id: string, content: string) => request<Chunk>('PUT', `${BASE}/chunk/${id}`, { content })
export const deleteChunk = (id: string) => request<null>('DELETE', `${BASE}/chunk/${id}`)
export const searchKnowledge = (datasetIds: string[], query: string, limit = 10) => request<SearchHit[]>('POST', `${BASE}/search`, { datasetIds, query, limit })
