// AI dialogue calls (SPEC §7 "Chat, version 1" and "version 2"), relative to
// /new-chat. v1 and v2 share every call; v2 chats compare several models.
//   GET    /v1/chat/models                    → {models, defaultModel}
//   POST   /v{1,2}/chat                        create → ChatView (data.chatNumber)
//   GET    /v{1,2}/chat?title&page&pageSize    list: pinned first, then newest
//   PUT    /v{1,2}/chat                        {chatNumber, ...settings}
//   DELETE /v{1,2}/chat/{id}
//   POST   /v{1,2}/chat/message                {chatNumber} → MessageView[]
//   GET    /v{1,2}/chat/message/{id}           → MessageView
//   PUT    /v{1,2}/chat/message                {messageId, content}
//   DELETE /v{1,2}/chat/message/{id}
//   POST   /v{1,2}/chat/completions            → text/event-stream (see docs/api/chat.md)
//   POST   /v{1,2}/chat/completions/stop       {messageId}   (any instance)
//   POST   /v{1,2}/chat/completions/resume     {messageId, after?} → text/event-stream from event `after`
//   POST   /v1/chat/top/add | /v1/chat/top/remove   {id}
//   POST   /v1/chat/share {messageId} → {shareId, path};  DELETE /v1/chat/share/{id}
//   GET    /app/api/chat/share/{id}            public: the shared message only
//   POST   /v1/chat/message/feedback           {messageId, rating: 1|-1|0, reason?, note?}
//   GET    /v1/chat/message/suggested          ?messageId → string[]
//   GET|POST|PUT|DELETE /app/user/promptTemplate
import { modelLabelIn } from '../../ai/catalogue.js';
import { requestLocale } from '../../i18n/install.js';
import { MANAGER_CLIENT_TYPE } from '../account/index.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context.js';
import type { ChatMode } from '../../db/tables/chat.js';
import { currentUser } from '../../http/auth.js';
import { ok, okResponse } from '../../http/envelope.js';
import { Type } from 'typebox';
import { PromptTemplateSchema } from './prompt-template-schema.js';
import { startCompletion, streamCompletion } from './completion-start.js';
import { imageModelsForPicker } from './image-answers.js';
import { withImageLinks } from './image-views.js';
import { checkModelChoice, pickedModels } from './model-access.js';
import { createPromptTemplate, deletePromptTemplate, listPromptTemplates, updatePromptTemplate } from './prompt-templates.js';
import {
  ChatNumberBody,
  CompletionBody,
  CreateChatBody,
  EditMessageBody,
  FeedbackBody,
  IdBody,
  IdParams,
  ListChatsQuery,
  MessageIdBody,
  PromptTemplateBody,
  PromptTemplateQuery,
  ResumeBody,
  SuggestedQuery,
  UpdateChatBody,
} from './schemas.js';
import {
  createChat,
  editMessage,
  isPresetChat,
  getOwnMessage,
  listOwnChats,
  loadMessages,
  rateMessage,
  readShare,
  removeChat,
  removeMessage,
  requireOwnChat,
  requireOwnMessage,
  revokeShare,
  setPinned,
  shareMessage,
  suggestedQuestions,
  updateChatSettings,
} from './service.js';
import { viewInLocale } from './views.js';
import { userChatInput } from './redaction.js';
import { openSse } from './sse.js';
import { resumeAnswer, stopAnswer } from './answer-lifecycle.js';
import { badRequest } from '../../http/errors.js';

/** Image questions carry up to four 5 MB images as base64. */
const COMPLETION_BODY_LIMIT = 30 * 1024 * 1024;

export const chatRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const registry = ctx.generations;
  const signedIn = { preHandler: app.requireUser };

  app.get('/v1/chat/models', signedIn, async (request) => {
    // Only the models this side may pick (school administration decides).
    const { clientType } = currentUser(request);
    return ok({
      // Image models too: picked in a chat, they answer with pictures (image-answers.ts).
      models: [...ctx.ai.publicModels(clientType), ...imageModelsForPicker(ctx)].map((m) => ({ ...m, label: modelLabelIn(m.label, requestLocale(request)) })),
      defaultModel: ctx.ai.defaultFor(clientType).name,
    });
  });

  for (const mode of ['v1', 'v2'] as ChatMode[]) {
    const p = `/${mode}/chat`;

    app.post(p, { ...signedIn, schema: { body: CreateChatBody } }, async (request) => {
      const { models, ...rest } = request.body;
      const { clientType } = currentUser(request);
      checkModelChoice(ctx, clientType, pickedModels(request.body));
      // A plain chat without a pick starts on the model this side may use.
      const preset = Boolean(rest.assistantId || rest.courseId);
      const model = rest.model ?? (preset ? undefined : ctx.ai.defaultFor(clientType).name);
      return ok(await createChat(ctx, currentUser(request).id, { ...rest, ...(model ? { model } : {}), compareModels: models, mode }));
    });

    app.get(p, { ...signedIn, schema: { querystring: ListChatsQuery } }, async (request) => {
      const q = request.query;
      return ok(await listOwnChats(ctx, currentUser(request).id, { ...q, mode, page: q.page ?? 1, pageSize: q.pageSize ?? 100 }));
    });

    app.put(p, { ...signedIn, schema: { body: UpdateChatBody } }, async (request) => {
      const { chatNumber, models, ...rest } = request.body;
      checkModelChoice(ctx, currentUser(request).clientType, pickedModels(request.body));
      return ok(await updateChatSettings(ctx, currentUser(request).id, chatNumber, { ...rest, compareModels: models }), '已保存');
    });

    app.delete(`${p}/:id`, { ...signedIn, schema: { params: IdParams } }, async (request) => {
      await removeChat(ctx, currentUser(request).id, request.params.id);
      return ok(null, '对话已删除');
    });

    app.post(`${p}/message`, { ...signedIn, schema: { body: ChatNumberBody } }, async (request) => {
      const user = currentUser(request);
      const messages = await loadMessages(ctx, user.id, request.body.chatNumber);
      const locale = requestLocale(request);
      return ok(await Promise.all(messages.map(async (m) => viewInLocale(await withImageLinks(ctx, user, m), locale))));
    });

    app.get(`${p}/message/:id`, { ...signedIn, schema: { params: IdParams } }, async (request) => {
      const user = currentUser(request);
      return ok(viewInLocale(await withImageLinks(ctx, user, await getOwnMessage(ctx, user.id, request.params.id)), requestLocale(request)));
    });

    app.put(`${p}/message`, { ...signedIn, schema: { body: EditMessageBody } }, async (request) =>
      ok(viewInLocale(await editMessage(ctx, currentUser(request).id, request.body.messageId, request.body.content), requestLocale(request)), '已修改'),
    );

    app.delete(`${p}/message/:id`, { ...signedIn, schema: { params: IdParams } }, async (request) => {
      await removeMessage(ctx, currentUser(request).id, request.params.id);
      return ok(null, '消息已删除');
    });

    app.post(`${p}/completions`, { ...signedIn, bodyLimit: COMPLETION_BODY_LIMIT, schema: { body: CompletionBody } }, async (request, reply) => {
      const user = currentUser(request);
      // Everything that can be refused is checked before the stream opens,
      // so refusals are ordinary {code,msg} replies with the right status.
      const chat = await requireOwnChat(ctx, user.id, request.body.conversationId);
      if (!isPresetChat(chat)) checkModelChoice(ctx, user.clientType, [chat.model, ...chat.compareModels.map((m) => m.model), ...pickedModels(request.body)]);
      const run = { registry, log: request.log, setupHint: user.clientType === MANAGER_CLIENT_TYPE, asker: user, locale: requestLocale(request) };
      const started = await startCompletion(ctx, user.id, await userChatInput(ctx, user.id, chat, request.body), mode, run, chat);
      await streamCompletion(ctx, started, () => openSse(request, reply));
    });

    // Stops the answer wherever it is being written (any instance).
    app.post(`${p}/completions/stop`, { ...signedIn, schema: { body: MessageIdBody } }, async (request) => {
      const stopped = await stopAnswer(ctx, request.body.messageId, currentUser(request).id);
      return ok({ stopped });
    });

    // Follows an answer again (a reloaded page, a dropped connection), on any instance.
    app.post(`${p}/completions/resume`, { ...signedIn, schema: { body: ResumeBody } }, async (request, reply) => {
      const message = await requireOwnMessage(ctx, currentUser(request).id, request.body.messageId);
      if (message.role !== 'assistant') throw badRequest('只能继续接收 AI 的回答');
      await resumeAnswer(ctx, openSse(request, reply), message, request.body.after ?? 0);
    });
  }

  app.post('/v1/chat/top/add', { ...signedIn, schema: { body: IdBody } }, async (request) =>
    ok(await setPinned(ctx, currentUser(request).id, request.body.id, true), '已置顶'),
  );
  app.post('/v1/chat/top/remove', { ...signedIn, schema: { body: IdBody } }, async (request) =>
    ok(await setPinned(ctx, currentUser(request).id, request.body.id, false), '已取消置顶'),
  );

  app.post('/v1/chat/share', { ...signedIn, schema: { body: MessageIdBody } }, async (request) =>
    ok(await shareMessage(ctx, currentUser(request).id, request.body.messageId), '分享链接已生成'),
  );
  app.delete('/v1/chat/share/:id', { ...signedIn, schema: { params: IdParams } }, async (request) => {
    await revokeShare(ctx, currentUser(request).id, request.params.id);
    return ok(null, '已取消分享');
  });
  app.get('/app/api/chat/share/:id', { schema: { params: IdParams } }, async (request) => {
    const share = await readShare(ctx, request.params.id);
    const { modelLabel } = share.message;
    return ok({ ...share, message: { ...share.message, modelLabel: modelLabel && modelLabelIn(modelLabel, requestLocale(request)) } });
  });

  app.post('/v1/chat/message/feedback', { ...signedIn, schema: { body: FeedbackBody } }, async (request) =>
    ok(
      viewInLocale(
        await rateMessage(ctx, currentUser(request).id, request.body.messageId, request.body.rating, { reason: request.body.reason, note: request.body.note }),
        requestLocale(request),
      ),
      '感谢反馈',
    ),
  );
  app.get('/v1/chat/message/suggested', { ...signedIn, schema: { querystring: SuggestedQuery } }, async (request) =>
    ok(await suggestedQuestions(ctx, currentUser(request).id, request.query.messageId)),
  );

  app.get(
    '/app/user/promptTemplate',
    { ...signedIn, schema: { querystring: PromptTemplateQuery, response: okResponse(Type.Array(PromptTemplateSchema)) } },
    async (request) => ok(await listPromptTemplates(ctx, currentUser(request).id, request.query)),
  );
  app.post('/app/user/promptTemplate', { ...signedIn, schema: { body: PromptTemplateBody, response: okResponse(PromptTemplateSchema) } }, async (request) =>
    ok(await createPromptTemplate(ctx, currentUser(request).id, request.body), '模板已保存'),
  );
  app.put('/app/user/promptTemplate/:id', { ...signedIn, schema: { params: IdParams, body: PromptTemplateBody } }, async (request) => {
    await updatePromptTemplate(ctx, currentUser(request).id, request.params.id, request.body);
    return ok(null, '模板已保存');
  });
  app.delete('/app/user/promptTemplate/:id', { ...signedIn, schema: { params: IdParams } }, async (request) => {
    await deletePromptTemplate(ctx, currentUser(request).id, request.params.id);
    return ok(null, '模板已删除');
  });
};
