// Rules of assistants. Anyone signed in may use system assistants and those
// published to them (the school, or a course they belong to); only the
// owner reads the full settings, edits, publishes or deletes. Another user's
// private assistant answers 404 (we never confirm it exists); one the caller
// may use but not change answers 403.
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { ClientType } from '../../db/schema.js';
import type { AssistantKind } from '../../db/tables/assistants.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import type { ChatPreset } from '../chat/index.js';
import { canPublishToCourse, courseIdsOf } from './course-access.js';
import { checkDatasetIds } from './datasets.js';
import { isImageUrl } from '../../../shared/image-url.js';
import { TEACHER_ONLY_ASSISTANT_IDS } from './teacher-only.js';
import { inquirySystemMessage } from './socratic.js';
import {
  addFavorite,
  deleteAssistantRow,
  favoriteIds,
  findAssistantRow,
  findType,
  insertAssistant,
  lastUsed,
  listPublications,
  listUsableAssistants,
  ownerNames,
  removeFavorite,
  replacePublications,
  updateAssistantRow,
  type AssistantFilter,
  type AssistantRecord,
  type Publication,
  type Viewer,
} from './store.js';
import { assistantCard, assistantDetail, type AssistantCard, type AssistantDetail, type CardContext } from './views.js';
import { DEFAULT_TEMPERATURE, DEFAULT_TOP_P } from '../../../shared/model-defaults.js';

export { assistantPublicInfo, type AssistantPublicInfo } from './views.js';

export const ASSISTANT_NOT_FOUND = '助手不存在或未向你开放';
const NOT_OWNER = '只能修改自己创建的助手';
const SYSTEM_READ_ONLY = '系统内置助手不能修改或删除，可以新建一个自己的助手';

/** An assistant by id with no permission check: for callers with their own rules (the embed area). */
export function findAssistantById(ctx: ServerContext, id: string): Promise<AssistantRecord | null> {
  return findAssistantRow(ctx.db, id);
}

/** Who is looking; a student session (client type '3') is not offered the seeded teaching tools. No client type: a server-side caller, which sees them. */
async function viewerOf(ctx: ServerContext, userId: string, clientType?: ClientType): Promise<Viewer> {
  return { userId, courseIds: await courseIdsOf(ctx, userId), teachingTools: clientType !== '3' };
}

function publishedTo(viewer: Viewer, publications: readonly Publication[]): boolean {
  return publications.some((p) => p.scope === 'school' || (p.scope === 'course' && !!p.courseId && viewer.courseIds.includes(p.courseId)));
}

async function mayUse(ctx: ServerContext, viewer: Viewer, a: AssistantRecord): Promise<boolean> {
  if (!viewer.teachingTools && TEACHER_ONLY_ASSISTANT_IDS.has(a.id)) return false;
  if (a.typeMode === 'sys' || a.ownerId === viewer.userId) return true;
  const publications = (await listPublications(ctx.db, [a.id])).get(a.id) ?? [];
  return publishedTo(viewer, publications);
}

/** The assistant if this user may use it (own, system, or published to them); else 404. */
export async function findUsableAssistant(ctx: ServerContext, userId: string, id: string, clientType?: ClientType): Promise<AssistantRecord> {
  const a = await findAssistantRow(ctx.db, id);
  if (!a || !(await mayUse(ctx, await viewerOf(ctx, userId, clientType), a))) throw notFound(ASSISTANT_NOT_FOUND);
  return a;
}

/** The user's own assistant; 403 when they may use but not change it, 404 when they may not see it. */
async function requireOwnAssistant(ctx: ServerContext, userId: string, id: string): Promise<AssistantRecord> {
  const a = await findUsableAssistant(ctx, userId, id);
  if (a.typeMode === 'sys') throw forbidden(SYSTEM_READ_ONLY);
  if (a.ownerId !== userId) throw forbidden(NOT_OWNER);
  return a;
}

/** The settings a chat with this assistant starts with (registered as ctx.chatPresets.assistant). */
/** Only an assistant's owner reads its instructions back in a chat (system assistants have none). */
export async function ownsAssistant(ctx: ServerContext, userId: string, id: string): Promise<boolean> {
  return (await findAssistantRow(ctx.db, id))?.ownerId === userId;
}

export async function assistantPreset(ctx: ServerContext, userId: string, id: string): Promise<ChatPreset> {
  const a = await findUsableAssistant(ctx, userId, id);
  return {
    systemMessage: a.kind === 'inquiry' ? inquirySystemMessage(a.systemMessage) : a.systemMessage,
    ...(a.model ? { model: a.model } : {}),
    ...(a.modelVersion ? { modelVersion: a.modelVersion } : {}),
    temperature: a.temperature,
    topP: a.topP,
    datasetIds: a.datasetIds,
  };
}

async function cardContext(ctx: ServerContext, userId: string, assistants: readonly AssistantRecord[]): Promise<CardContext> {
  const [favorites, used, authors] = await Promise.all([
    favoriteIds(ctx.db, userId),
    lastUsed(ctx.db, userId),
    ownerNames(
      ctx.db,
      assistants.flatMap((a) => (a.ownerId ? [a.ownerId] : [])),
    ),
  ]);
  return { userId, favorites, lastUsed: used, authors };
}

async function cards(ctx: ServerContext, userId: string, assistants: AssistantRecord[]): Promise<AssistantCard[]> {
  const c = await cardContext(ctx, userId, assistants);
  return assistants.map((a) => assistantCard(a, c));
}

export interface GalleryQuery {
  title?: string;
  kind?: AssistantKind;
  typeId?: string;
  typeMode?: 'sys' | 'user';
  scope?: 'school';
}

/** Every assistant the user may use, as cards. */
export async function listUsable(ctx: ServerContext, userId: string, query: GalleryQuery, clientType?: ClientType): Promise<AssistantCard[]> {
  const filter: AssistantFilter = {
    title: query.title?.trim() || undefined,
    kinds: query.kind ? [query.kind] : undefined,
    typeId: query.typeId,
    typeMode: query.typeMode,
    schoolWide: query.scope === 'school',
  };
  return cards(ctx, userId, await listUsableAssistants(ctx.db, await viewerOf(ctx, userId, clientType), filter));
}

export async function listOwn(ctx: ServerContext, userId: string, title?: string): Promise<AssistantCard[]> {
  const own = await listUsableAssistants(ctx.db, await viewerOf(ctx, userId), { ownOnly: true, title: title?.trim() || undefined });
  return cards(ctx, userId, own);
}

export async function listFavorites(ctx: ServerContext, userId: string, title?: string, clientType?: ClientType): Promise<AssistantCard[]> {
  const favorites = await favoriteIds(ctx.db, userId);
  // Only those still usable: an assistant unpublished since is no longer listed.
  const usable = await listUsableAssistants(ctx.db, await viewerOf(ctx, userId, clientType), { ids: [...favorites.keys()], title: title?.trim() || undefined });
  usable.sort((a, b) => (favorites.get(b.id) ?? 0) - (favorites.get(a.id) ?? 0));
  return cards(ctx, userId, usable);
}

export async function getAssistant(ctx: ServerContext, userId: string, id: string, clientType?: ClientType): Promise<AssistantDetail> {
  const a = await findUsableAssistant(ctx, userId, id, clientType);
  const c = await cardContext(ctx, userId, [a]);
  const publications = a.ownerId === userId ? ((await listPublications(ctx.db, [a.id])).get(a.id) ?? []) : [];
  return assistantDetail(a, c, publications);
}

export async function setFavorite(
  ctx: ServerContext,
  userId: string,
  assistantId: string,
  favorite: boolean,
): Promise<{ assistantId: string; favorite: boolean }> {
  if (favorite) {
    const a = await findUsableAssistant(ctx, userId, assistantId);
    await addFavorite(ctx.db, userId, a.id, ctx.now());
  } else {
    // Removing needs no permission: a favourite of an assistant unpublished since can still be cleared.
    await removeFavorite(ctx.db, userId, assistantId);
  }
  return { assistantId, favorite };
}

export interface AssistantInput {
  kind?: 'chat' | 'inquiry';
  typeId?: string | null;
  title: string;
  description?: string;
  avatar?: string;
  systemMessage: string;
  model?: string | null;
  modelVersion?: string | null;
  temperature?: number;
  top_p?: number;
  openingMessage?: string;
  starterQuestions?: string[];
  datasetIds?: string[];
  publications?: Array<{ scope: 'school' | 'course'; courseId?: string | null }>;
}

function cleanStarters(list: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const raw of list) {
    const text = raw.trim();
    if (text) seen.add(text);
  }
  return [...seen];
}

async function checkedFields(ctx: ServerContext, userId: string, input: AssistantInput) {
  const title = input.title.trim();
  if (!title) throw badRequest('请填写助手名称');
  const systemMessage = input.systemMessage.trim();
  if (!systemMessage) throw badRequest(input.kind === 'inquiry' ? '请填写探究的主题与要求' : '请填写助手的角色设定（系统提示词）');
  const avatar = (input.avatar ?? '').trim();
  if (avatar && !isImageUrl(avatar)) throw badRequest('头像请上传图片，或填写以 http(s):// 开头的图片地址');
  let typeId: string | null = null;
  if (input.typeId) {
    const type = await findType(ctx.db, input.typeId);
    if (!type || type.typeMode !== 'sys') throw badRequest('所选分类不存在，请重新选择');
    typeId = type.id;
  }
  let model: string | null = null;
  let modelVersion: string | null = null;
  if (input.model) {
    const resolved = ctx.ai.resolve(input.model, input.modelVersion ?? undefined);
    if (!resolved) throw badRequest(`模型 ${input.model}${input.modelVersion ? ` ${input.modelVersion}` : ''} 未配置，请重新选择`);
    model = resolved.model.name;
    modelVersion = resolved.version ?? null;
  }
  const datasetIds = await checkDatasetIds(ctx, userId, input.datasetIds ?? []);
  return {
    kind: input.kind ?? 'chat',
    typeId,
    title,
    description: (input.description ?? '').trim(),
    avatar,
    systemMessage,
    model,
    modelVersion,
    temperature: input.temperature ?? DEFAULT_TEMPERATURE,
    topP: input.top_p ?? DEFAULT_TOP_P,
    openingMessage: (input.openingMessage ?? '').trim(),
    starterQuestions: cleanStarters(input.starterQuestions ?? []),
    datasetIds,
  };
}

async function checkedPublications(ctx: ServerContext, userId: string, input: AssistantInput['publications']): Promise<Publication[] | undefined> {
  if (input === undefined) return undefined;
  const result = new Map<string, Publication>();
  for (const p of input) {
    if (p.scope === 'school') {
      result.set('school', { scope: 'school', courseId: null });
      continue;
    }
    const courseId = p.courseId?.trim();
    if (!courseId) throw badRequest('发布到课程时请选择课程');
    if (!(await canPublishToCourse(ctx, userId, courseId))) throw badRequest('只能发布到你任教的课程，请重新选择');
    result.set(`course:${courseId}`, { scope: 'course', courseId });
  }
  return [...result.values()];
}

function inputOf(a: AssistantRecord): AssistantInput {
  return {
    kind: a.kind === 'inquiry' ? 'inquiry' : 'chat',
    typeId: a.typeId,
    title: a.title,
    description: a.description,
    avatar: a.avatar,
    systemMessage: a.systemMessage,
    model: a.model,
    modelVersion: a.modelVersion,
    temperature: a.temperature,
    top_p: a.topP,
    openingMessage: a.openingMessage,
    starterQuestions: a.starterQuestions,
    datasetIds: a.datasetIds,
  };
}

function definedOnly<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export async function createAssistant(ctx: ServerContext, userId: string, input: AssistantInput): Promise<AssistantDetail> {
  const fields = await checkedFields(ctx, userId, input);
  const publications = (await checkedPublications(ctx, userId, input.publications)) ?? [];
  const now = ctx.now();
  const record: AssistantRecord = {
    id: newId(),
    ownerId: userId,
    typeMode: 'user',
    ...fields,
    formFields: [],
    promptTemplate: '',
    sortOrder: 0,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertAssistant(trx, record);
    await replacePublications(trx, record.id, publications, now);
  });
  return getAssistant(ctx, userId, record.id);
}

export async function updateAssistant(ctx: ServerContext, userId: string, id: string, input: Partial<AssistantInput>): Promise<AssistantDetail> {
  const current = await requireOwnAssistant(ctx, userId, id);
  // A field left out keeps its value, so a client that sends only what changed loses nothing.
  const fields = await checkedFields(ctx, userId, { ...inputOf(current), ...definedOnly(input) });
  const publications = await checkedPublications(ctx, userId, input.publications);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await updateAssistantRow(trx, { ...current, ...fields, updatedAt: now });
    if (publications) await replacePublications(trx, id, publications, now);
  });
  return getAssistant(ctx, userId, id);
}

export async function deleteAssistant(ctx: ServerContext, userId: string, id: string): Promise<void> {
  const current = await requireOwnAssistant(ctx, userId, id);
  // Publications and favourites go with it (foreign keys); chats with it stay the users' own.
  await deleteAssistantRow(ctx.db, current.id);
}
