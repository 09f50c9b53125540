// Saved mind maps: only their owner lists, opens, changes, shares or deletes
// them (anyone else gets 404). A share is an unguessable token; revoking it
// clears the token, so the old link stops working at once. Every outline is
// made canonical before it is stored (outline.ts), so no raw HTML is kept.
import { randomBytes } from 'node:crypto';
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import { underUserLock } from '../../db/user-lock.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { displayName } from '../account/index.js';
import type { ServerLocale } from '../../i18n/locales.js';
import { untitledMap } from './default-names.js';
import { normalizeOutline, outlineTitle } from './outline.js';
import {
  countMaps,
  deleteMap,
  findMap,
  findMapByShareToken,
  insertMap,
  listMaps,
  setShareToken,
  updateMap,
  type MapSource,
  type MindMapRecord,
} from './store.js';

export const MAP_NOT_FOUND = '思维导图不存在或已删除';
export const SHARE_NOT_FOUND = '分享链接不存在或已被取消';
/** Maps one person keeps. */
export const MAX_MAPS_PER_USER = 500;
const TITLE_CHARS = 100;

export interface MapInput {
  title?: string;
  outline: string;
  source?: MapSource;
}

function titleOf(title: string | undefined, outline: string, untitled: string): string {
  const chosen = (title ?? '').replace(/\s+/gu, ' ').trim() || outlineTitle(outline) || untitled;
  return [...chosen].slice(0, TITLE_CHARS).join('');
}

function view(m: MindMapRecord) {
  return {
    id: m.id,
    title: m.title,
    outline: m.outline,
    source: m.source,
    shareToken: m.shareToken,
    sharedAt: m.sharedAt,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}

async function ownMap(ctx: ServerContext, user: AuthUser, id: string): Promise<MindMapRecord> {
  const map = await findMap(ctx.db, id);
  if (!map || map.ownerId !== user.id) throw notFound(MAP_NOT_FOUND);
  return map;
}

/** `locale`: the creator's language, for the default name of a map nothing names (default-names.ts). */
export async function createMap(ctx: ServerContext, user: AuthUser, input: MapInput, locale: ServerLocale) {
  const untitled = untitledMap(locale);
  const { outline } = normalizeOutline(input.outline, input.title ?? '', untitled);
  const now = ctx.now();
  const record: MindMapRecord = {
    id: newId(),
    ownerId: user.id,
    title: titleOf(input.title, outline, untitled),
    outline,
    source: input.source ? { kind: input.source.kind, ...(input.source.id ? { id: input.source.id } : {}), title: input.source.title.slice(0, 200) } : null,
    shareToken: null,
    sharedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  // Counted and written under the owner's lock: of two saves at once into the last place, one is kept.
  await underUserLock(ctx.db, user.id, async (trx) => {
    if ((await countMaps(trx, user.id)) >= MAX_MAPS_PER_USER) throw badRequest(`最多保存 ${MAX_MAPS_PER_USER} 个思维导图，请先删除不用的`);
    await insertMap(trx, record);
  });
  return view(record);
}

export async function listOwnMaps(ctx: ServerContext, user: AuthUser) {
  return (await listMaps(ctx.db, user.id, MAX_MAPS_PER_USER)).map((m) => ({
    id: m.id,
    title: m.title,
    source: m.source,
    shared: m.shareToken !== null,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  }));
}

export async function readOwnMap(ctx: ServerContext, user: AuthUser, id: string) {
  return view(await ownMap(ctx, user, id));
}

/** `locale`: the saver's language, for the default name should the change leave the map without one. */
export async function saveMap(ctx: ServerContext, user: AuthUser, id: string, changes: { title?: string; outline?: string }, locale: ServerLocale) {
  const map = await ownMap(ctx, user, id);
  const untitled = untitledMap(locale);
  const outline = changes.outline === undefined ? undefined : normalizeOutline(changes.outline, changes.title ?? map.title, untitled).outline;
  const title = changes.title === undefined ? undefined : titleOf(changes.title, outline ?? map.outline, untitled);
  await updateMap(ctx.db, id, { ...(title !== undefined ? { title } : {}), ...(outline !== undefined ? { outline } : {}) }, ctx.now());
  return view((await findMap(ctx.db, id))!);
}

export async function removeMap(ctx: ServerContext, user: AuthUser, id: string): Promise<void> {
  await ownMap(ctx, user, id);
  await deleteMap(ctx.db, id);
}

/** Shares the map (keeping the token it already has, so a link once sent keeps working). */
export async function shareMap(ctx: ServerContext, user: AuthUser, id: string): Promise<{ token: string; path: string }> {
  const map = await ownMap(ctx, user, id);
  const token = map.shareToken ?? randomBytes(24).toString('base64url');
  if (!map.shareToken) await setShareToken(ctx.db, id, token, ctx.now());
  return { token, path: sharePath(token) };
}

export async function revokeShare(ctx: ServerContext, user: AuthUser, id: string): Promise<void> {
  await ownMap(ctx, user, id);
  await setShareToken(ctx.db, id, null, null);
}

export function sharePath(token: string): string {
  return `/mindMap?share=${encodeURIComponent(token)}`;
}

/** A shared map as anyone with the link sees it: read only, no ids of its owner. */
export async function readSharedMap(ctx: ServerContext, token: string) {
  const map = await findMapByShareToken(ctx.db, token);
  if (!map) throw notFound(SHARE_NOT_FOUND);
  const owner = await ctx.db.selectFrom('users').select(['nickname', 'name']).where('id', '=', map.ownerId).executeTakeFirst();
  return { title: map.title, outline: map.outline, author: owner ? displayName(owner) : '', updatedAt: map.updatedAt };
}
