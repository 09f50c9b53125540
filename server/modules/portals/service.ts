// Portal pages (/portal, /mainPortal, /secondIndustryPortal): public pages a
// school's manager configures: title, banner, featured assistants and
// courses, links, and the chat launcher (an embed key). The public view shows
// only what anyone may see: system assistants or those published to the
// whole school, published courses, and a launcher only for a key that is on
// and allows Zhixue's own pages.
import type { ServerContext } from '../../context.js';
import type { PortalSlug } from '../../db/tables/embed.js';
import { badRequest } from '../../http/errors.js';
import { assistantPublicInfo, type AssistantPublicInfo, findAssistantById, isImageUrl } from '../assistants/index.js';
import { findKey } from '../embed/index.js';
import { findPortal, publicAssistantIds, publishedCourses, savePortal, type PortalLink, type PortalRecord } from './store.js';

export const PORTAL_SLUGS: readonly PortalSlug[] = ['portal', 'mainPortal', 'secondIndustryPortal'];
export const MAX_FEATURED = 12;

export interface PortalView {
  slug: PortalSlug;
  title: string;
  subtitle: string;
  banner: string;
  /** The school's name, for a portal without a title of its own. */
  schoolName: string;
  assistants: AssistantPublicInfo[];
  courses: Array<{ id: string; title: string; description: string; cover: string; category: string }>;
  links: PortalLink[];
  /** The embed key of the chat launcher, or null for none. */
  chatKey: string | null;
  updateTime: number;
}

export interface PortalSettings extends PortalView {
  assistantIds: string[];
  courseIds: string[];
  embedKeyId: string | null;
}

function blank(slug: PortalSlug): PortalRecord {
  return { slug, title: '', subtitle: '', banner: '', assistantIds: [], courseIds: [], links: [], embedKeyId: null, updatedBy: null, updatedAt: 0 };
}

async function view(ctx: ServerContext, p: PortalRecord): Promise<PortalView> {
  const visible = await publicAssistantIds(ctx.db, p.assistantIds);
  const assistants: AssistantPublicInfo[] = [];
  for (const id of p.assistantIds.filter((i) => visible.has(i))) {
    const a = await findAssistantById(ctx, id);
    if (a) assistants.push(assistantPublicInfo(a));
  }
  const courseRows = await publishedCourses(ctx.db, p.courseIds);
  const courses = p.courseIds.flatMap((id) => courseRows.filter((c) => c.id === id));
  const key = p.embedKeyId ? await findKey(ctx.db, p.embedKeyId) : null;
  const school = await ctx.db.selectFrom('schools').select('name').orderBy('created_at').limit(1).executeTakeFirst();
  return {
    slug: p.slug,
    title: p.title,
    subtitle: p.subtitle,
    banner: p.banner,
    schoolName: school?.name ?? '',
    assistants,
    courses,
    // Links saved before the stricter check (e.g. "//evil") are not shown.
    links: p.links.filter((l) => isPortalLinkUrl(l.url)),
    chatKey: key && key.enabled && key.hostedPages ? key.id : null,
    updateTime: p.updatedAt,
  };
}

export async function publicPortal(ctx: ServerContext, slug: PortalSlug): Promise<PortalView> {
  return view(ctx, (await findPortal(ctx.db, slug)) ?? blank(slug));
}

export async function portalSettings(ctx: ServerContext, slug: PortalSlug): Promise<PortalSettings> {
  const record = (await findPortal(ctx.db, slug)) ?? blank(slug);
  return { ...(await view(ctx, record)), assistantIds: record.assistantIds, courseIds: record.courseIds, embedKeyId: record.embedKeyId };
}

export interface PortalInput {
  title: string;
  subtitle?: string;
  banner?: string;
  assistantIds?: string[];
  courseIds?: string[];
  links?: PortalLink[];
  embedKeyId?: string | null;
}

/**
 * A portal link: a path of this site ("/course/dialogue") or an absolute
 * http(s) address. Browsers read "//evil.example" and "/\evil.example" as
 * addresses on another host, so a path must not start with a second slash or
 * a backslash, and no backslash is accepted anywhere.
 */
export function isPortalLinkUrl(url: string): boolean {
  if (/[\s"'<>\\]/u.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  if (!/^https?:\/\/[^/]/iu.test(url)) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '' && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}

export async function updatePortal(ctx: ServerContext, userId: string, slug: PortalSlug, input: PortalInput): Promise<PortalSettings> {
  const banner = (input.banner ?? '').trim();
  if (banner && !isImageUrl(banner)) throw badRequest('横幅请上传图片，或填写以 http(s):// 开头的图片地址');
  const assistantIds = [...new Set(input.assistantIds ?? [])];
  const visible = await publicAssistantIds(ctx.db, assistantIds);
  if (assistantIds.some((id) => !visible.has(id))) throw badRequest('只能推荐系统助手或已发布到全校的助手，请重新选择');
  const courseIds = [...new Set(input.courseIds ?? [])];
  if ((await publishedCourses(ctx.db, courseIds)).length !== courseIds.length) throw badRequest('只能推荐已发布的课程，请重新选择');
  const links = (input.links ?? []).map((l) => ({ title: l.title.trim(), url: l.url.trim() }));
  for (const link of links) {
    if (!link.title) throw badRequest('请填写每个链接的名称');
    if (!isPortalLinkUrl(link.url)) throw badRequest(`链接“${link.title}”的地址应以 http(s):// 或 / 开头`);
  }
  let embedKeyId: string | null = input.embedKeyId ?? null;
  if (embedKeyId) {
    const key = await findKey(ctx.db, embedKeyId);
    if (!key || key.ownerId !== userId) throw badRequest('请选择你自己创建的嵌入密钥');
    if (!key.hostedPages) throw badRequest('该嵌入密钥不允许在智学自带页面中使用，请先在密钥设置中开启');
    embedKeyId = key.id;
  }
  await savePortal(ctx.db, {
    slug,
    title: input.title.trim(),
    subtitle: (input.subtitle ?? '').trim(),
    banner,
    assistantIds,
    courseIds,
    links,
    embedKeyId,
    updatedBy: userId,
    updatedAt: ctx.now(),
  });
  return portalSettings(ctx, slug);
}
