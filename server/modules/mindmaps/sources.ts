// What a mind map is made from, read with the caller's own rights: a topic
// (words only), a lesson of a course they may read, a document of a
// knowledge base they may read, a file they uploaded, or an answer in one of
// their chats. Each gives its text, numbered passages for the model to cite,
// and where a passage links to (lessons and documents only).
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import type { ServerLocale } from '../../i18n/locales.js';
import { badRequest, notFound } from '../../http/errors.js';
import { findChat, findMessage } from '../chat/index.js';
import { canReadCourse, findLesson, LESSON_NOT_FOUND } from '../courses/index.js';
import { lessonPassages } from '../evaluation/index.js';
import { decodeTextHead, documentChunkContents, fileTextInWorker, findDocument, IndexFailure, requireReadableDataset } from '../knowledge/index.js';
import { parserFor } from '../knowledge/index.js';
import { findFile } from '../uploads/index.js';
import { chatPoints } from './default-names.js';

export type SourceKind = 'topic' | 'lesson' | 'document' | 'file' | 'message';

export interface SourceRequest {
  kind: SourceKind;
  /** The lesson, document, file or message id (not for a topic). */
  id?: string;
  /** The topic, or a focus for the model within the material. */
  topic?: string;
}

export interface Material {
  kind: SourceKind;
  id?: string;
  title: string;
  /** The material as markdown; null for a bare topic. */
  markdown: string | null;
  passages: string[];
  link?: (excerpt: string) => string;
}

/** Material handed to the model, in characters (the rest is left out and said so). */
export const MATERIAL_CHARS = 16_000;
const PASSAGE_CHARS = 600;
const TEXT_MIMES = new Set(['text/plain', 'text/markdown']);

export const DOCUMENT_NOT_FOUND = '文档不存在或你无权查看';
export const FILE_NOT_FOUND = '文件不存在或已删除';
export const ANSWER_NOT_FOUND = '回答不存在或已删除';

function clip(passages: string[]): string[] {
  const kept: string[] = [];
  let total = 0;
  for (const p of passages) {
    if (total + p.length > MATERIAL_CHARS) break;
    kept.push(p);
    total += p.length;
  }
  return kept;
}

/** Plain text split into passages of at most PASSAGE_CHARS at paragraph ends. */
function textPassages(text: string): string[] {
  return lessonPassages(text).flatMap((p) => (p.length > PASSAGE_CHARS ? (p.match(new RegExp(`[\\s\\S]{1,${PASSAGE_CHARS}}`, 'gu')) ?? []) : [p]));
}

/**
 * Text and Markdown are read as written (their headings and lists are the map), only their
 * head, decoded as the knowledge library decodes them: UTF-8, else GB18030 (Notepad's GBK).
 */
async function textHead(ctx: ServerContext, storedName: string): Promise<string> {
  const bytes = MATERIAL_CHARS * 4 * 4; // MATERIAL_CHARS * 4 characters of up to 4 bytes
  const pieces: Buffer[] = [];
  for await (const piece of await ctx.files.read(storedName, { start: 0, end: bytes - 1 })) pieces.push(piece as Buffer);
  return decodeTextHead(Buffer.concat(pieces)).slice(0, MATERIAL_CHARS * 4);
}

async function fileText(ctx: ServerContext, file: { storedName: string; mime: string }, signal: AbortSignal): Promise<string> {
  const mime = file.mime.split(';')[0]!.trim().toLowerCase();
  if (TEXT_MIMES.has(mime)) return textHead(ctx, file.storedName);
  if (!parserFor(mime)) throw badRequest('这种文件无法生成思维导图，请上传 PDF、Word、PPT、TXT 或 Markdown 文件');
  // Parsing runs in a worker under the knowledge library's limits, as indexing does.
  try {
    return await fileTextInWorker(ctx, { storedName: file.storedName, mime }, MATERIAL_CHARS * 4, signal);
  } catch (error) {
    // A damaged or oversized file: what the parser says is for the person, not a server error.
    if (error instanceof IndexFailure) throw badRequest(error.message);
    throw error;
  }
}

/** `locale`: the map's creator's language, for the name of an answer whose chat has none (default-names.ts). */
export async function readMaterial(ctx: ServerContext, user: AuthUser, source: SourceRequest, locale: ServerLocale, signal: AbortSignal): Promise<Material> {
  if (source.kind === 'topic') {
    const topic = source.topic?.trim();
    if (!topic) throw badRequest('请填写思维导图的主题');
    return { kind: 'topic', title: topic, markdown: null, passages: [] };
  }
  if (!source.id) throw badRequest('请选择要生成思维导图的内容');
  switch (source.kind) {
    case 'lesson': {
      const lesson = await findLesson(ctx.db, source.id);
      if (!lesson || !(await canReadCourse(ctx, user.id, lesson.courseId))) throw notFound(LESSON_NOT_FOUND);
      const href = `/course/detail/${encodeURIComponent(lesson.courseId)}?lessonId=${encodeURIComponent(lesson.id)}`;
      return { kind: 'lesson', id: lesson.id, title: lesson.title, markdown: lesson.content, passages: clip(lessonPassages(lesson.content)), link: () => href };
    }
    case 'document': {
      const doc = await findDocument(ctx.db, source.id);
      if (!doc) throw notFound(DOCUMENT_NOT_FOUND);
      try {
        await requireReadableDataset(ctx, user.id, doc.datasetId);
      } catch {
        throw notFound(DOCUMENT_NOT_FOUND);
      }
      if (doc.status !== 'ready') throw badRequest('文档还在解析中，解析完成后再生成思维导图');
      const chunks = await documentChunkContents(ctx.db, doc.id);
      const markdown = chunks.map((c) => c.content).join('\n\n');
      const name = doc.name.replace(/\.[A-Za-z0-9]{1,5}$/u, '');
      const href = `/course/knowledgeLibrary?datasetId=${encodeURIComponent(doc.datasetId)}`;
      return { kind: 'document', id: doc.id, title: name, markdown, passages: clip(chunks.map((c) => c.content.slice(0, PASSAGE_CHARS))), link: () => href };
    }
    case 'file': {
      const file = await findFile(ctx.db, source.id);
      if (!file || file.ownerId !== user.id) throw notFound(FILE_NOT_FOUND);
      const markdown = await fileText(ctx, file, signal);
      return { kind: 'file', id: file.id, title: file.name.replace(/\.[A-Za-z0-9]{1,5}$/u, ''), markdown, passages: clip(textPassages(markdown)) };
    }
    case 'message': {
      const message = await findMessage(ctx.db, source.id);
      const chat = message ? await findChat(ctx.db, message.chatId) : null;
      if (!message || !chat || chat.userId !== user.id || message.role !== 'assistant' || message.contentType !== 'text') throw notFound(ANSWER_NOT_FOUND);
      const title = source.topic?.trim() || chat.title || chatPoints(locale);
      return { kind: 'message', id: message.id, title, markdown: message.content, passages: clip(textPassages(message.content)) };
    }
  }
}
