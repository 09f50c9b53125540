// The course AI: chats started inside a course (POST /v1/chat {courseId})
// inherit its settings, and each question asked beside a lesson carries
// that lesson's text (registered as ctx.chatPresets.course).
import type { ServerContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import type { ChatPreset, ChatPresetResolver, PresetGrounding } from '../chat/index.js';
import { canReadCourse, COURSE_NOT_FOUND, isCourseTeacher } from './access.js';
import { findLesson } from './outline-store.js';
import { findCourse, type CourseRecord } from './store.js';

/** How much of a lesson's text goes along with a question (characters). */
export const LESSON_EXCERPT_CHARS = 4_000;

/** When the teacher wrote no prompt and named no assistant. */
export function defaultCoursePrompt(course: CourseRecord): string {
  return `你是课程《${course.title}》的 AI 助教，面向职业院校学生。请结合课程内容，用通俗、准确、循序渐进的方式回答，必要时给出步骤和示例，并使用 Markdown 格式。遇到与课程无关或不确定的问题，请如实说明。`;
}

/** The named assistant's settings, as the teacher who picked it may use them; none if it is gone. */
async function assistantSettings(ctx: ServerContext, course: CourseRecord): Promise<ChatPreset> {
  const { assistantId, assistantBy } = course.ai;
  const resolver = ctx.chatPresets.assistant;
  if (!assistantId || !assistantBy || !resolver) return {};
  try {
    return await resolver.resolve(ctx, assistantBy, assistantId);
  } catch {
    return {}; // deleted or unshared since: the course's own settings still apply
  }
}

/** The course's settings over its assistant's; what the course leaves empty comes from the assistant. */
export async function coursePreset(ctx: ServerContext, userId: string, courseId: string): Promise<ChatPreset> {
  const course = await findCourse(ctx.db, courseId);
  if (!course || !(await canReadCourse(ctx, userId, courseId))) throw notFound(COURSE_NOT_FOUND);
  const base = await assistantSettings(ctx, course);
  const { ai } = course;
  return {
    ...base,
    systemMessage: ai.systemPrompt || base.systemMessage || defaultCoursePrompt(course),
    ...(ai.model ? { model: ai.model, modelVersion: ai.modelVersion ?? undefined } : {}),
    ...(ai.temperature !== null ? { temperature: ai.temperature } : {}),
    ...(ai.topP !== null ? { topP: ai.topP } : {}),
    datasetIds: [...new Set([...(ai.datasetIds ?? []), ...(base.datasetIds ?? [])])],
  };
}

/** Images and links are reduced to their text so the excerpt spends its length on words. */
function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/gu, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/gu, '$1')
    .replace(/\n{3,}/gu, '\n\n')
    .trim();
}

/** The lesson the student is reading, for the answer to build on; null when there is none to add. */
export async function lessonGrounding(ctx: ServerContext, userId: string, courseId: string, hint: { lessonId?: string }): Promise<PresetGrounding | null> {
  if (!hint.lessonId) return null;
  const lesson = await findLesson(ctx.db, hint.lessonId);
  // Another course's lesson, or a course the user may no longer read: nothing is added (never an error
  // here: the question is already saved, and the answer should still come).
  if (!lesson || lesson.courseId !== courseId || !(await canReadCourse(ctx, userId, courseId))) return null;
  const course = await findCourse(ctx.db, courseId);
  const text = plainText(lesson.content);
  const excerpt = text.length > LESSON_EXCERPT_CHARS ? `${text.slice(0, LESSON_EXCERPT_CHARS)}…（以下省略）` : text;
  const head = `学生正在学习课程《${course?.title ?? ''}》的课时《${lesson.title}》。回答时请结合这个课时的内容；问题与课时无关时照常回答。`;
  const note = excerpt ? `${head}\n以下是该课时内容节选：\n"""\n${excerpt}\n"""` : head;
  // The built-in engine searches the whole lesson (it reads no more than the passages it quotes); a model gets the excerpt.
  return { note, material: { kind: 'lesson', name: lesson.title, text } };
}

export const courseChatPreset: ChatPresetResolver = {
  resolve: coursePreset,
  // The course's teachers set its AI; its students only use it.
  owns: isCourseTeacher,
  grounding: lessonGrounding,
};
