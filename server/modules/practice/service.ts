// Inquiry practice: teachers' external practice apps (listed for the whole
// school, changed only by their owner) and the record of each student's
// guided-inquiry sessions, visible to the student and to their teachers.
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { ClientType } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { isImageUrl } from '../assistants/index.js';
import { findChat, listMessages, messageView, type MessageView } from '../chat/index.js';
import { checkAppUrl } from './app-url.js';
import {
  deletePracticeApp,
  findPracticeApp,
  insertPracticeApp,
  listInquiryRecords,
  listPracticeApps,
  teachesStudent,
  updatePracticeApp,
  type InquiryRecordRow,
} from './store.js';

const APP_NOT_FOUND = '实践应用不存在或已删除';
const RECORD_NOT_FOUND = '探究记录不存在或你无权查看';

export interface PracticeAppView {
  id: string;
  title: string;
  description: string;
  url: string;
  icon: string;
  author: string;
  own: boolean;
  createTime: number;
  updateTime: number;
}

export async function listApps(ctx: ServerContext, userId: string, title?: string): Promise<PracticeAppView[]> {
  const apps = await listPracticeApps(ctx.db, title?.trim() || undefined);
  return apps.map((a) => ({
    id: a.id,
    title: a.title,
    description: a.description,
    url: a.url,
    icon: a.icon,
    author: a.ownerName,
    own: a.ownerId === userId,
    createTime: a.createdAt,
    updateTime: a.updatedAt,
  }));
}

export interface PracticeAppInput {
  title: string;
  description?: string;
  url: string;
  icon?: string;
}

function checkedApp(input: PracticeAppInput, ownHost: string | undefined) {
  const title = input.title.trim();
  if (!title) throw badRequest('请填写应用名称');
  const icon = (input.icon ?? '').trim();
  if (icon && !isImageUrl(icon)) throw badRequest('图标请上传图片，或填写以 http(s):// 开头的图片地址');
  return { title, description: (input.description ?? '').trim(), url: checkAppUrl(input.url, ownHost), icon };
}

async function requireOwnApp(ctx: ServerContext, userId: string, id: string) {
  const app = await findPracticeApp(ctx.db, id);
  if (!app) throw notFound(APP_NOT_FOUND);
  // Everyone in the school sees every app, so another teacher's is "not yours", not "not found".
  if (app.ownerId !== userId) throw forbidden('只能修改自己添加的实践应用');
  return app;
}

async function appView(ctx: ServerContext, userId: string, id: string): Promise<PracticeAppView> {
  return (await listApps(ctx, userId)).find((a) => a.id === id)!;
}

export async function createApp(ctx: ServerContext, userId: string, input: PracticeAppInput, ownHost?: string): Promise<PracticeAppView> {
  const id = newId();
  await insertPracticeApp(ctx.db, id, userId, checkedApp(input, ownHost), ctx.now());
  return appView(ctx, userId, id);
}

export async function updateApp(ctx: ServerContext, userId: string, id: string, input: PracticeAppInput, ownHost?: string): Promise<PracticeAppView> {
  await requireOwnApp(ctx, userId, id);
  await updatePracticeApp(ctx.db, id, checkedApp(input, ownHost), ctx.now());
  return appView(ctx, userId, id);
}

export async function deleteApp(ctx: ServerContext, userId: string, id: string): Promise<void> {
  await requireOwnApp(ctx, userId, id);
  await deletePracticeApp(ctx.db, id);
}

export interface InquiryRecord {
  chatNumber: string;
  title: string;
  assistantId: string;
  assistantTitle: string;
  student: { id: string; name: string };
  questions: number;
  createTime: number;
  updateTime: number;
}

function recordView(r: InquiryRecordRow): InquiryRecord {
  return {
    chatNumber: r.chatNumber,
    title: r.title,
    assistantId: r.assistantId,
    assistantTitle: r.assistantTitle,
    student: { id: r.studentId, name: r.studentName },
    questions: r.questions,
    createTime: r.createdAt,
    updateTime: r.updatedAt,
  };
}

/** A student's own records; on the teaching side, the records of the students in their classes. */
export async function listRecords(
  ctx: ServerContext,
  user: { id: string; clientType: ClientType },
  query: { assistantId?: string; page: number; pageSize: number },
): Promise<InquiryRecord[]> {
  const who = user.clientType === '3' ? { userId: user.id } : { teacherId: user.id };
  const rows = await listInquiryRecords(ctx.db, who, { assistantId: query.assistantId, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  return rows.map(recordView);
}

/** One session, read-only: for the student who had it, or a teacher of theirs. */
export async function readRecord(
  ctx: ServerContext,
  user: { id: string; clientType: ClientType },
  chatNumber: string,
): Promise<{ record: InquiryRecord; messages: MessageView[] }> {
  const chat = await findChat(ctx.db, chatNumber);
  if (!chat) throw notFound(RECORD_NOT_FOUND);
  const own = chat.userId === user.id;
  if (!own && (user.clientType === '3' || !(await teachesStudent(ctx.db, user.id, chat.userId)))) throw notFound(RECORD_NOT_FOUND);
  const who = own ? { userId: user.id } : { teacherId: user.id };
  const [row] = await listInquiryRecords(ctx.db, who, { chatNumber: chat.id, limit: 1, offset: 0 });
  if (!row) throw notFound(RECORD_NOT_FOUND); // not an inquiry chat
  const messages = await listMessages(ctx.db, chat.id);
  return { record: recordView(row), messages: messages.map((m) => messageView(m)) };
}
