// The shapes the client reads. Cards go to everyone who may use an
// assistant; the full record (system prompt, model settings, publications)
// only to its owner.
import type { AssistantKind, AssistantTypeMode } from '../../db/tables/assistants.js';
import type { FormField } from '../../../shared/form-rules.js';
import type { AssistantRecord, Publication } from './store.js';

/** What an anonymous visitor or any user may see of an assistant (also used by the embed area). */
export interface AssistantPublicInfo {
  id: string;
  kind: AssistantKind;
  title: string;
  description: string;
  avatar: string;
  openingMessage: string;
  starterQuestions: string[];
}

export function assistantPublicInfo(a: AssistantRecord): AssistantPublicInfo {
  return {
    id: a.id,
    kind: a.kind,
    title: a.title,
    description: a.description,
    avatar: a.avatar,
    openingMessage: a.openingMessage,
    starterQuestions: a.starterQuestions,
  };
}

export interface AssistantCard extends AssistantPublicInfo {
  typeMode: AssistantTypeMode;
  typeId: string | null;
  /** Display name of the teacher who made it; null for system assistants. */
  author: string | null;
  own: boolean;
  favorite: boolean;
  /** When this user last chatted with it, or null. */
  lastUsedAt: number | null;
  /** Form apps: the fields to fill. */
  formFields?: FormField[];
}

export interface CardContext {
  userId: string;
  favorites: ReadonlyMap<string, number>;
  lastUsed: ReadonlyMap<string, number>;
  authors: ReadonlyMap<string, string>;
}

export function assistantCard(a: AssistantRecord, c: CardContext): AssistantCard {
  return {
    ...assistantPublicInfo(a),
    typeMode: a.typeMode,
    typeId: a.typeId,
    author: a.ownerId ? (c.authors.get(a.ownerId) ?? null) : null,
    own: a.ownerId === c.userId,
    favorite: c.favorites.has(a.id),
    lastUsedAt: c.lastUsed.get(a.id) ?? null,
    ...(a.kind === 'form' ? { formFields: a.formFields } : {}),
  };
}

export interface AssistantDetail extends AssistantCard {
  /** Owner only: the settings the assistant's chats start with. */
  systemMessage?: string;
  model?: string | null;
  modelVersion?: string | null;
  temperature?: number;
  top_p?: number;
  datasetIds?: string[];
  publications?: Publication[];
  createTime: number;
  updateTime: number;
}

export function assistantDetail(a: AssistantRecord, c: CardContext, publications: Publication[]): AssistantDetail {
  const base = { ...assistantCard(a, c), createTime: a.createdAt, updateTime: a.updatedAt };
  if (a.ownerId !== c.userId) return base;
  return {
    ...base,
    systemMessage: a.systemMessage,
    model: a.model,
    modelVersion: a.modelVersion,
    temperature: a.temperature,
    top_p: a.topP,
    datasetIds: a.datasetIds,
    publications,
  };
}
