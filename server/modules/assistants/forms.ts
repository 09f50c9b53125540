// Form apps: a form of fields and a prompt template. A run checks the values
// against the app's own field rules (the same code the browser runs), fills
// the template, and answers in a new chat through the chat module's
// completion machinery, so the result streams like any answer and can be
// regenerated or continued as a chat.
import type { ServerContext } from '../../context.js';
import type { ClientType } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { type AnswerRun, createChat, removeChat, startCompletion, type StartedCompletion } from '../chat/index.js';
import { checkFormValues, fillPrompt, formatProblem, FORM_MESSAGES_ZH, type FormValues } from '../../../shared/form-rules.js';
import { findUsableAssistant, listUsable } from './service.js';
import type { AssistantCard } from './views.js';

const FORM_NOT_FOUND = '表单应用不存在或未向你开放';
const TITLE_MAX = 40;

export function listForms(ctx: ServerContext, userId: string, query: { title?: string; typeId?: string }, clientType?: ClientType): Promise<AssistantCard[]> {
  return listUsable(ctx, userId, { ...query, kind: 'form' }, clientType);
}

export interface FormRunInput {
  formId: string;
  values: FormValues;
  model?: string;
  modelVersion?: string;
}

/** Checks and starts a run; everything refusable is refused here, before a stream opens. */
export async function startFormRun(
  ctx: ServerContext,
  userId: string,
  input: FormRunInput,
  run: AnswerRun,
  clientType?: ClientType,
): Promise<StartedCompletion> {
  // A student session is refused the teaching tools (教案生成, 学生评语…) like any app not open to them.
  const form = await findUsableAssistant(ctx, userId, input.formId, clientType).catch(() => null);
  if (!form || form.kind !== 'form') throw notFound(FORM_NOT_FOUND);
  const problems = checkFormValues(form.formFields, input.values);
  if (problems.length > 0) throw badRequest(formatProblem(FORM_MESSAGES_ZH, problems[0]!));
  const prompt = fillPrompt(form.promptTemplate, form.formFields, input.values);
  const first = form.formFields.map((f) => input.values[f.name]).find((v) => typeof v === 'string' && v.trim()) as string | undefined;
  const title = (first ? `${form.title}：${first.trim()}` : form.title).slice(0, TITLE_MAX);
  const chat = await createChat(ctx, userId, {
    mode: 'v1',
    assistantId: form.id,
    title,
    ...(input.model ? { model: input.model, modelVersion: input.modelVersion ?? null } : {}),
  });
  try {
    return await startCompletion(ctx, userId, { conversationId: chat.chatNumber, prompt }, 'v1', run);
  } catch (error) {
    await removeChat(ctx, userId, chat.chatNumber); // nothing half-made is left behind
    throw error;
  }
}
