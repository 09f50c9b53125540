// The material questions are written from: a course's lessons (split into
// passages) and knowledge passages found for a topic in datasets the teacher
// may read. Numbered, so each draft can say which passage it came from.
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { findLesson } from '../courses/index.js';
import type { ItemSource } from './question-columns.js';

export interface SourcePassage extends ItemSource {
  text: string;
}

const PASSAGE_CHARS = 600;
const MAX_PASSAGES = 12;

/** Markdown to plain paragraphs of at most PASSAGE_CHARS (headings, images and links reduced to their words). */
export function lessonPassages(markdown: string): string[] {
  const plain = markdown
    .replace(/```[\s\S]*?```/gu, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/gu, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/gu, '$1')
    .replace(/^#{1,6}\s*/gmu, '')
    .replace(/[*_`>|]/gu, '');
  const out: string[] = [];
  let current = '';
  for (const paragraph of plain
    .split(/\n\s*\n/u)
    .map((p) => p.replace(/\s+/gu, ' ').trim())
    .filter((p) => p.length >= 8)) {
    if (current && current.length + paragraph.length > PASSAGE_CHARS) {
      out.push(current);
      current = '';
    }
    current = current ? `${current} ${paragraph}` : paragraph.slice(0, PASSAGE_CHARS);
  }
  if (current) out.push(current);
  return out;
}

export interface SourceRequest {
  courseId: string;
  lessonIds?: string[];
  datasetIds?: string[];
  topic?: string;
}

export async function gatherSources(ctx: ServerContext, user: AuthUser, request: SourceRequest): Promise<SourcePassage[]> {
  const passages: SourcePassage[] = [];
  for (const lessonId of request.lessonIds ?? []) {
    const lesson = await findLesson(ctx.db, lessonId);
    if (!lesson || lesson.courseId !== request.courseId) throw badRequest('所选课时不在这门课程中');
    for (const text of lessonPassages(lesson.content)) passages.push({ kind: 'lesson', id: lesson.id, title: lesson.title, excerpt: text.slice(0, 300), text });
  }
  if (request.datasetIds?.length) {
    const found = await ctx.knowledge.retrieve({ userId: user.id, datasetIds: request.datasetIds, question: request.topic || '', limit: 8 });
    for (const p of found) passages.push({ kind: 'passage', id: p.chunkId, title: p.documentName, excerpt: p.passage.slice(0, 300), text: p.passage });
  }
  return passages.slice(0, MAX_PASSAGES);
}
