// What the knowledge calls send back (docs/api/knowledge.md).
import type { DatasetVisibility, DocumentStatus } from '../../db/tables/knowledge.js';
import type { ChunkRecord, DatasetRecord, DocumentRecord } from './store.js';
import { translateMessage } from '../../i18n/translate.js';
import type { ServerLocale } from '../../i18n/locales.js';

export interface DatasetView {
  id: string;
  name: string;
  description: string;
  visibility: DatasetVisibility;
  courseIds: string[];
  documentCount: number;
  readyCount: number;
  chunkCount: number;
  owner: { id: string; name: string };
  /** The caller owns it (and so may change it). */
  mine: boolean;
  createTime: number;
  updateTime: number;
}

export function datasetView(d: DatasetRecord, userId: string, counts: { total: number; ready: number } | undefined, courseIds: string[] = []): DatasetView {
  return {
    id: d.id,
    name: d.name,
    description: d.description,
    visibility: d.visibility,
    courseIds,
    documentCount: counts?.total ?? 0,
    readyCount: counts?.ready ?? 0,
    chunkCount: d.chunkCount,
    owner: { id: d.ownerId, name: d.ownerName },
    mine: d.ownerId === userId,
    createTime: d.createdAt,
    updateTime: d.updatedAt,
  };
}

export interface DocumentView {
  id: string;
  datasetId: string;
  name: string;
  mime: string;
  size: number;
  status: DocumentStatus;
  error: string | null;
  pageCount: number;
  charCount: number;
  chunkCount: number;
  /** Signed link to the original file (opens in the browser's viewer). */
  fileUrl: string;
  createTime: number;
  updateTime: number;
}

/**
 * A document as its reader sees it: why it could not be read (`error`) is
 * stored as the catalogue's zh-CN sentence (the indexer writes it before
 * anyone reads it), so it is put into the reader's language on the way out.
 */
export function documentInLocale(view: DocumentView, locale: ServerLocale): DocumentView {
  return view.error ? { ...view, error: translateMessage(view.error, locale) } : view;
}

export const documentsInLocale = (views: DocumentView[], locale: ServerLocale): DocumentView[] => views.map((view) => documentInLocale(view, locale));

export function documentView(d: DocumentRecord, fileUrl: string): DocumentView {
  return {
    id: d.id,
    datasetId: d.datasetId,
    name: d.name,
    mime: d.mime,
    size: d.size,
    status: d.status,
    error: d.error,
    pageCount: d.pageCount,
    charCount: d.charCount,
    chunkCount: d.chunkCount,
    fileUrl,
    createTime: d.createdAt,
    updateTime: d.updatedAt,
  };
}

export interface ChunkView {
  id: string;
  datasetId: string;
  documentId: string;
  position: number;
  page: number | null;
  content: string;
  edited: boolean;
  updateTime: number;
}

export function chunkView(c: ChunkRecord): ChunkView {
  return {
    id: c.id,
    datasetId: c.datasetId,
    documentId: c.documentId,
    position: c.position,
    page: c.page,
    content: c.content,
    edited: c.edited,
    updateTime: c.updatedAt,
  };
}
