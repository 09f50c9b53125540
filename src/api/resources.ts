import { request, type RequestOptions } from './client'

/** The resource library's calls (docs/api/knowledge.md "Resource library"). */

export type ResourceKind = 'video' | 'audio' | 'image' | 'pdf' | 'document' | 'text' | 'other'

export interface Folder {
  id: string
  name: string
  parentId: string | null
  updateTime: number
}

export interface Resource {
  id: string
  name: string
  mime: string
  size: number
  kind: ResourceKind
  tags: string[]
  folderId: string | null
  /** Signed link for previews (supports range requests, so video seeks). */
  url: string
  downloadUrl: string
  courseIds: string[]
  mine: boolean
  createTime: number
  updateTime: number
}

export interface Library {
  path: Folder[]
  folders: Folder[]
  items: Resource[]
  tags: string[]
}

export interface LibraryQuery {
  folderId?: string
  keyword?: string
  tag?: string
  kind?: ResourceKind
}

const BASE = '/course/resource'

export const fetchLibrary = (query: LibraryQuery) => request<Library>('GET', `${BASE}/list`, query)
export const fetchShared = (query: { courseId?: string; keyword?: string } = {}) =>
  request<Array<Resource & { courseId: string }>>('GET', `${BASE}/shared`, query)
/** A course's shared materials (its page): for whoever may read the course. */
export const fetchCourseResources = (courseId: string, options?: RequestOptions) =>
  request<Resource[]>('GET', `${BASE}/course/${encodeURIComponent(courseId)}`, undefined, options)
export const addResources = (fileIds: string[], folderId: string | null, tags: string[] = [], options?: RequestOptions) =>
  request<Resource[]>('POST', BASE, { fileIds, folderId, tags }, options)
export const updateResource = (id: string, changes: { name?: string; folderId?: string | null; tags?: string[] }) =>
  request<Resource>('PUT', `${BASE}/${id}`, changes)
export const deleteResource = (id: string) => request<{ deletedAt: number }>('DELETE', `${BASE}/${id}`)
export const restoreResource = (id: string) => request<Resource>('POST', `${BASE}/${id}/restore`)
export const shareResource = (id: string, courseIds: string[]) => request<Resource>('PUT', `${BASE}/${id}/shares`, { courseIds })
export const createFolder = (name: string, parentId: string | null) => request<Folder>('POST', `${BASE}/folder`, { name, parentId })
export const updateFolder = (id: string, changes: { name?: string; parentId?: string | null }) => request<Folder>('PUT', `${BASE}/folder/${id}`, changes)
export const deleteFolder = (id: string) => request<{ deletedAt: number }>('DELETE', `${BASE}/folder/${id}`)
export const restoreFolder = (id: string) => request<Folder>('POST', `${BASE}/folder/${id}/restore`)

/** The courses a teacher teaches, to share with (GET /course/courses from the courses area, teacher side). */
export const fetchMyCourses = () =>
  request<{ items: Array<{ id: string; title: string }> }>('GET', '/course/courses', { pageSize: 100 }, { quiet: true })
    .then(list => list.items.map(c => ({ id: c.id, title: c.title })))
    .catch(() => [] as Array<{ id: string; title: string }>)
