// One question, answered by one model (v1) or several side by side (v2):
// checks the request, sets the credits aside and builds what every model is
// sent, without storing any row yet: the rows are written once the provider
// calls are under way (completion-start.ts), so the database's commits and
// the provider's first token overlap.
import type { OpenMaterial, ReferencePassage } from '../../ai/types.js';
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { ChatMode } from '../../db/tables/chat.js';
import { badRequest } from '../../http/errors.js';
import { checkChatCredits, holdChatCredits, promptTokensOf, releaseChatCredits, type ChatCreditHold } from '../quota/index.js';
import { attachmentBudget, resolveAttachments, type AttachmentText } from './attachments.js';
import { buildTurns, historyBudget, toTurn } from './context-builder.js';
import { loadHistory, seenBy } from './history.js';
import type { GenerationJob } from './generation.js';
import { groundingText } from './grounding.js';
import { withImageData, type StoredImageItem } from './image-views.js';
import { checkImages, imageMessageContent, removeQuestionImages, storeQuestionImages } from './images.js';
import { presetFor } from './presets.js';
import { checkQuestion, withoutRefused } from './safety.js';
import { DEFAULT_LOCALE, type ServerLocale } from '../../i18n/locales.js';
import type { QuestionRows } from './question-rows.js';
import { isPresetChat, requireOwnChat, resolveModel, settingsChanges, type ChatSettingsInput } from './service.js';
import { findMessage, latestMessageId, type ChatRecord, type MessageRecord, type ModelChoice } from './store.js';
import { messageText } from '../../../shared/message-text.js';

export interface CompletionInput {
  conversationId: string;
  prompt?: string;
  /** v1: the model and version to answer with (saved as the chat's choice). */
  model?: string;
  modelVersion?: string;
  /** v2: the models to compare. */
  models?: ModelChoice[];
  parentMessageId?: string | null;
  /** Answer the user message `parentMessageId` again instead of asking anew. */
  regenerate?: boolean;
  usingContext?: boolean;
  systemMessage?: string;
  temperature?: number;
  top_p?: number;
  images?: string[];
  files?: string[];
  datasetIds?: string[];
  /** In a course chat: the lesson the student is reading, so the answer knows it. */
  lessonId?: string;
}

export interface PreparedCompletion {
  chat: ChatRecord;
  question: MessageRecord;
  /** One per model; their credit holds are released by the answer (generation.ts) from here on. */
  jobs: GenerationJob[];
  /** The chat had no title yet: name it after this exchange. */
  needsTitle: boolean;
  /** What the question stores (question-rows.ts), not written yet. */
  rows: QuestionRows;
  /** The question's pictures, already in the file store: removed again if the rows cannot be written. */
  images: StoredImageItem[];
}

const REFERENCE_LIMIT = 5;

export function questionText(m: MessageRecord): string {
  return messageText(m.content, m.contentType);
}

/**
 * `owned`: the chat as the caller already read it for this user (the route
 * checks it before the stream opens), so a question reads it once, not
 * twice; read here when not given or not this chat.
 */
export async function prepareCompletion(
  ctx: ServerContext,
  userId: string,
  input: CompletionInput,
  mode: ChatMode,
  owned?: ChatRecord,
  /** The asker's language: a refusal is written in it. */
  locale: ServerLocale = DEFAULT_LOCALE,
): Promise<PreparedCompletion> {
  let chat = owned?.id === input.conversationId && owned.userId === userId ? owned : await requireOwnChat(ctx, userId, input.conversationId);
  if (chat.mode !== mode) {
    throw badRequest(mode === 'v1' ? '这是对比对话，请使用 /v2/chat/completions' : '这不是对比对话，请使用 /v1/chat/completions');
  }
  const settings: ChatSettingsInput = {
    model: chat.mode === 'v1' ? input.model : undefined,
    modelVersion: input.modelVersion,
    compareModels: chat.mode === 'v2' ? input.models : undefined,
    usingContext: input.usingContext,
    systemMessage: input.systemMessage,
    temperature: input.temperature,
    top_p: input.top_p,
    datasetIds: input.datasetIds,
  };
  const changes = settingsChanges(ctx, settings, chat);
  chat = { ...chat, ...changes };
  if (isPresetChat(chat)) {
    // Re-read the assistant's or course's instructions at every question: the
    // teacher may have changed them, or the user may have lost access.
    const preset = await presetFor(ctx, userId, { assistantId: chat.assistantId, courseId: chat.courseId });
    if (preset.systemMessage?.trim()) chat = { ...chat, systemMessage: preset.systemMessage.trim() };
  }
  const choices: ModelChoice[] = chat.mode === 'v2' ? chat.compareModels : [{ model: chat.model, version: chat.modelVersion ?? undefined }];
  const models = choices.map((c) => resolveModel(ctx, c));

  // Only the messages a check needs are read here; the history comes later, as far as the windows reach.
  const ownMessage = async (id: string | null | undefined) => {
    const found = id ? await findMessage(ctx.db, id) : null;
    return found?.chatId === chat.id ? found : undefined;
  };
  const target = input.regenerate ? await ownMessage(input.parentMessageId) : undefined;
  const asked = input.regenerate ? (target?.content ?? '') : (input.prompt ?? '');
  // The safety check comes first of all: a refused question holds no credit and reaches no model.
  const safety = await checkQuestion(ctx, userId, chat, input.regenerate && target ? questionText(target) : asked, locale);
  // A person with nothing left is refused (600) before anything is stored or
  // any provider asked; the credits themselves are set aside once the turns
  // are counted (below), still before any model is asked.
  const checked = safety.refusal
    ? undefined
    : await checkChatCredits(
        ctx,
        userId,
        models.map((m) => m.model),
      );
  let holds: Array<ChatCreditHold | undefined> = [];
  // Pictures go to the file store before the rows (a vision model is sent them as data).
  let images: StoredImageItem[] = [];
  try {
    return await prepareWithHolds();
  } catch (error) {
    await releaseChatCredits(ctx, holds);
    await removeQuestionImages(ctx, images);
    throw error;
  }

  async function prepareWithHolds(): Promise<PreparedCompletion> {
    const now = ctx.now();
    let question: MessageRecord;
    let newQuestion: MessageRecord | null = null;
    let attachmentTexts: AttachmentText[] = [];
    // Each file's text is cut to fit the smallest window of the models answering.
    const smallestWindow = Math.min(...models.map((m) => m.contextTokens));

    if (input.regenerate) {
      if (chat.mode === 'v2') throw badRequest('对比模式不支持重新生成，请重新提问');
      if (!target || target.role !== 'user') throw badRequest('要重新生成的提问不存在');
      question = target;
      // The files attached to that question go along again; one deleted since is left out.
      attachmentTexts = (
        await resolveAttachments(
          ctx,
          userId,
          question.files.map((f) => f.id),
          attachmentBudget(smallestWindow, question.files.length),
        ).catch(() => ({ texts: [] }))
      ).texts;
    } else {
      const text = input.prompt?.trim() ?? '';
      const pictures = checkImages(input.images ?? []);
      if (!text && pictures.length === 0) throw badRequest('请输入问题');
      if (pictures.length && models.some((m) => !m.vision)) {
        throw badRequest('当前模型不能识别图片，请换用支持图片的模型后再发送');
      }
      let parentId = input.parentMessageId ?? null;
      if (parentId !== null && !(await ownMessage(parentId))) throw badRequest('要继续的消息不存在，请刷新后重试');
      // No parent given: continue after the latest message, as a person would expect.
      if (parentId === null && input.parentMessageId === undefined) parentId = await latestMessageId(ctx.db, chat.id);
      const attachments = await resolveAttachments(ctx, userId, input.files ?? [], attachmentBudget(smallestWindow, input.files?.length ?? 0));
      attachmentTexts = attachments.texts;
      // Stored last, once everything else is checked: a refused question leaves no files behind.
      images = pictures.length ? await storeQuestionImages(ctx, userId, pictures) : [];
      question = {
        id: newId(),
        chatId: chat.id,
        userId,
        parentId,
        role: 'user',
        contentType: images.length ? 'image' : 'text',
        content: images.length ? imageMessageContent(images, text) : text,
        files: attachments.files,
        model: null,
        modelVersion: null,
        reference: null,
        status: 'done',
        error: null,
        rating: 0,
        groupId: null,
        promptTokens: 0,
        completionTokens: 0,
        createdAt: now,
        updatedAt: now,
      };
      newQuestion = question;
    }

    const references: ReferencePassage[] = await ctx.knowledge.retrieve({
      userId,
      datasetIds: chat.datasetIds,
      question: questionText(question),
      limit: REFERENCE_LIMIT,
    });
    const courseResolver = ctx.chatPresets.course;
    const lesson = chat.courseId && courseResolver?.grounding ? await courseResolver.grounding(ctx, userId, chat.courseId, { lessonId: input.lessonId }) : null;
    const grounding = [lesson?.note ?? '', groundingText(references, attachmentTexts)].filter(Boolean).join('\n\n');
    const materials: OpenMaterial[] = [...(lesson ? [lesson.material] : []), ...attachmentTexts.map((a) => ({ kind: 'attachment' as const, ...a }))];
    const groupId = chat.mode === 'v2' ? newId() : null;
    // Pictures reach a vision model as data URLs built now from the stored files (rows keep only ids).
    const seesImages = models.some((m) => m.vision);
    const questionForModel = seesImages ? await withImageData(ctx, question) : question;
    const windows = models.map((m) => ({
      model: m.model,
      vision: m.vision,
      budget: historyBudget({ systemMessage: chat.systemMessage, grounding, question: toTurn(questionForModel, m.vision), contextTokens: m.contextTokens }),
    }));
    // With the context off no prior turn is sent, so none is read.
    const branch = chat.usingContext ? withoutRefused(await loadHistory(ctx.db, chat, question.parentId, windows)) : [];
    const prior = seesImages ? await Promise.all(branch.map((p) => withImageData(ctx, p))) : branch;

    const turnsOf = models.map((m) =>
      buildTurns({
        systemMessage: chat.systemMessage,
        history: prior.filter((p) => seenBy(p, chat.mode, m.model)).map((p) => toTurn(p, m.vision)),
        question: toTurn(questionForModel, m.vision),
        contextTokens: m.contextTokens,
        usingContext: chat.usingContext,
        grounding,
      }),
    );
    const promptTokens = turnsOf.map(promptTokensOf);
    // The most each answer may cost, or what is left (it caps the answer's length).
    holds = safety.refusal
      ? []
      : await holdChatCredits(
          ctx,
          userId,
          models.map((m, index) => ({ model: m.model, promptTokens: promptTokens[index]! })),
          checked,
        );
    const jobs: GenerationJob[] = [];
    const answers: MessageRecord[] = [];
    for (const [index, m] of models.entries()) {
      const turns = turnsOf[index]!;
      const answer: MessageRecord = {
        id: newId(),
        chatId: chat.id,
        userId,
        parentId: question.id,
        role: 'assistant',
        contentType: 'text',
        content: '',
        files: [],
        model: m.model,
        modelVersion: m.version ?? null,
        reference: references.length ? JSON.stringify(references) : null,
        status: 'streaming',
        error: null,
        rating: 0,
        groupId,
        promptTokens: 0,
        completionTokens: 0,
        // Keeps the answers of one group in the order the models were picked.
        createdAt: now + 1 + index,
        updatedAt: now + 1 + index,
      };
      answers.push(answer);
      jobs.push({
        message: answer,
        provider: m.provider,
        model: m.model,
        version: m.version,
        turns,
        promptTokens: promptTokens[index]!,
        references,
        materials,
        temperature: chat.temperature,
        topP: chat.topP,
        hold: holds[index],
        safety,
        ...(m.image ? { imagePrompt: questionText(question) } : {}),
      });
    }
    const rows: QuestionRows = { chatId: chat.id, question: newQuestion, answers, chatChanges: { ...changes, updatedAt: now } };
    return { chat, question, jobs, needsTitle: chat.title === '' && !safety.refusal, rows, images };
  }
}
