// Embed calls, relative to /new-chat. See docs/api/embed.md.
// Public, for web pages holding a key (Origin checked, CORS per key; all POST
// so that browsers always send Origin):
//   POST /app/api/embed/{key}/session              {auth?} → assistant, visitor, conversations, limits
//   POST /app/api/embed/{key}/messages             {auth?, conversationId} → EmbedMessage[]
//   POST /app/api/embed/{key}/completions          {auth?, conversationId?, prompt, parentMessageId?} → text/event-stream
//   POST /app/api/embed/{key}/stop                 {auth?, messageId}   (any instance)
//   POST /app/api/embed/{key}/resume               {auth?, messageId, after?} → text/event-stream from event `after`
//   POST /app/api/embed/{key}/feedback             {auth?, messageId, rating, reason?, note?}
//   POST /app/api/embed/{key}/suggested            {auth?, messageId} → string[]
//   POST /app/api/embed/{key}/conversation/delete  {auth?, conversationId}
// The owner's (teacher side):
//   GET|POST /app/user/embed/key  ·  GET|PUT|DELETE /app/user/embed/key/{id}  ·  POST /app/user/embed/key/{id}/secret
// The script: GET /embed.js (+ /embed/*.js chunks), see script.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { ModuleOptions, ServerContext } from '../../context.js';
import { currentUser, requireClientType } from '../../http/auth.js';
import { ok, okResponse } from '../../http/envelope.js';
import { Type } from 'typebox';
import { KeySchema, SecretSchema } from './key-schema.js';
import { notFound, tooMany, unauthorized } from '../../http/errors.js';
import { requestLocale } from '../../i18n/install.js';
import { findMessage, openSse, resumeAnswer, type SseStream, stopAnswer, streamCompletion, viewInLocale } from '../chat/index.js';
import {
  conversationMessages,
  deleteConversation,
  embedSuggestions,
  mayStop,
  prepareEmbedCompletion,
  rateEmbedMessage,
  recordTokens,
  sessionInfo,
} from './conversations.js';
import { createKey, deleteOwnKey, getOwnKey, listOwnKeys, rotateSecret, updateOwnKey } from './keys.js';
import { embedOriginGuard, embedPreflight, guardedKey, isHostedPage } from './origin-guard.js';
import { selfOrigins } from './origins.js';
import { registerEmbedScript } from './script.js';
import {
  ConversationBody,
  CreateKeyBody,
  EmbedCompletionBody,
  FeedbackBody,
  KeyIdParams,
  KeyParams,
  MessageBody,
  ResumeBody,
  SessionBody,
  UpdateKeyBody,
} from './schemas.js';
import { resolveVisitor, type Visitor, type VisitorAuth } from './visitors.js';

const PUBLIC = '/app/api/embed/:key';
/** A visitor's "answer in progress" claim lapses this long after its instance stops renewing it. */
const VISITOR_CLAIM_MS = 30_000;

/** `sse` with its `send` (and `end`, when given) replaced: the rest passes through. */
function sseWith(sse: SseStream, replaced: Pick<SseStream, 'send'> & Partial<Pick<SseStream, 'end'>>): SseStream {
  return {
    get signal() {
      return sse.signal;
    },
    get closed() {
      return sse.closed;
    },
    onClose: (listener) => sse.onClose(listener),
    end: () => sse.end(),
    ...replaced,
  };
}

/**
 * The visitor may ask again as soon as the answer is finished; the stream
 * itself stays open a little longer while the chat is named.
 */
function releaseWhenAnswered(sse: SseStream, answers: number, release: () => void): SseStream {
  let finished = 0;
  return sseWith(sse, {
    send(event) {
      sse.send(event);
      if ((event.type === 'done' || event.type === 'error') && ++finished === answers) release();
    },
  });
}

/**
 * The stream's last event waits until `settle` (the visitor's usage) is
 * done: a panel that asks how many questions are left as soon as an answer
 * ends must hear the settled count, with a failed answer's question given
 * back. (The answers are saved before their streams end.)
 */
function settleBeforeEnd(sse: SseStream, settle: () => Promise<void>): SseStream {
  let ending = false;
  return sseWith(sse, {
    send(event) {
      if (event.type !== 'end') return sse.send(event);
      ending = true;
      // A failure to settle is the route's to report (it awaits the same promise); the stream ends either way.
      const finish = () => {
        sse.send(event);
        sse.end();
      };
      void settle().then(finish, finish);
    },
    end: () => {
      if (!ending) sse.end();
    },
  });
}

function visitorOf(ctx: ServerContext, request: FastifyRequest, auth: VisitorAuth | undefined, create: boolean): Promise<Visitor | null> {
  // A Zhixue session counts only on Zhixue's own pages (a CMS page cannot send one: CORS allows no credentials).
  const hostedUserId = request.user && isHostedPage(ctx, request) ? request.user.id : null;
  return resolveVisitor(ctx, guardedKey(request), auth ?? {}, { hostedUserId, create });
}

export const embedRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const registry = ctx.generations;

  registerEmbedScript(app, ctx);

  app.options(`${PUBLIC}/*`, { schema: { params: KeyParams } }, embedPreflight(ctx));

  // A stale Zhixue token on a hosted page just means "not signed in" here.
  const lenientUser = async (request: FastifyRequest) => {
    await app.optionalUser(request).catch(() => {
      request.user = null;
    });
  };
  // Origin first (before validation), so even a refusal of a bad body carries CORS headers for an allowed page.
  const guarded = { onRequest: embedOriginGuard(ctx), preHandler: lenientUser, schema: { params: KeyParams } };

  app.post(`${PUBLIC}/session`, { ...guarded, schema: { ...guarded.schema, body: SessionBody } }, async (request) => {
    const visitor = (await visitorOf(ctx, request, request.body.auth, true))!;
    return ok(await sessionInfo(ctx, guardedKey(request), visitor, selfOrigins(request, ctx.config.env.ZX_PUBLIC_URL)));
  });

  app.post(`${PUBLIC}/messages`, { ...guarded, schema: { ...guarded.schema, body: ConversationBody } }, async (request) => {
    const visitor = await visitorOf(ctx, request, request.body.auth, false);
    const locale = requestLocale(request);
    return ok((await conversationMessages(ctx, guardedKey(request), visitor, request.body.conversationId)).map((m) => viewInLocale(m, locale)));
  });

  app.post(`${PUBLIC}/conversation/delete`, { ...guarded, schema: { ...guarded.schema, body: ConversationBody } }, async (request) => {
    const visitor = await visitorOf(ctx, request, request.body.auth, false);
    await deleteConversation(ctx, guardedKey(request), visitor, request.body.conversationId);
    return ok(null, '对话已删除');
  });

  app.post(`${PUBLIC}/completions`, { ...guarded, schema: { ...guarded.schema, body: EmbedCompletionBody } }, async (request, reply) => {
    const key = guardedKey(request);
    const visitor = await visitorOf(ctx, request, request.body.auth, false);
    if (!visitor) throw unauthorized('访客身份已失效，请刷新页面后再提问');
    // One answer at a time per visitor, across every instance (a claim renewed while the answer runs).
    const claim = `embed-visitor:${visitor.record.id}`;
    if (!(await ctx.coordination.claim(claim, VISITOR_CLAIM_MS))) throw tooMany('上一个回答还在生成，请稍候或先停止它', 2);
    const renew = setInterval(() => void ctx.coordination.claim(claim, VISITOR_CLAIM_MS, true).catch(() => {}), VISITOR_CLAIM_MS / 3);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearInterval(renew);
      void ctx.coordination.unclaim(claim).catch(() => {});
    };
    try {
      const { auth: _auth, ...input } = request.body;
      const done = await prepareEmbedCompletion(ctx, key, visitor, input, { registry, log: request.log, locale: requestLocale(request) });
      // Once: before the stream's last event, or after the answers when the visitor left before it.
      let recorded: Promise<void> | null = null;
      const record = () => (recorded ??= recordTokens(ctx, key, visitor, done));
      await streamCompletion(ctx, done.started, () => settleBeforeEnd(releaseWhenAnswered(openSse(request, reply), done.started.jobs.length, release), record));
      await record();
    } finally {
      release();
    }
  });

  app.post(`${PUBLIC}/stop`, { ...guarded, schema: { ...guarded.schema, body: MessageBody } }, async (request) => {
    const visitor = await mayStop(ctx, guardedKey(request), await visitorOf(ctx, request, request.body.auth, false), request.body.messageId);
    return ok({ stopped: await stopAnswer(ctx, request.body.messageId, visitor.chatOwnerId) });
  });

  // The panel comes back for an answer still being written (a reloaded page), on any instance.
  app.post(`${PUBLIC}/resume`, { ...guarded, schema: { ...guarded.schema, body: ResumeBody } }, async (request, reply) => {
    const visitor = await mayStop(ctx, guardedKey(request), await visitorOf(ctx, request, request.body.auth, false), request.body.messageId);
    const message = await findMessage(ctx.db, request.body.messageId);
    if (!message || message.userId !== visitor.chatOwnerId || message.role !== 'assistant') throw notFound('消息不存在或已删除');
    await resumeAnswer(ctx, openSse(request, reply), message, request.body.after ?? 0);
  });

  app.post(`${PUBLIC}/feedback`, { ...guarded, schema: { ...guarded.schema, body: FeedbackBody } }, async (request) => {
    const visitor = await visitorOf(ctx, request, request.body.auth, false);
    const { messageId, rating, reason, note } = request.body;
    return ok(await rateEmbedMessage(ctx, guardedKey(request), visitor, messageId, rating, { reason, note }), '感谢反馈');
  });

  app.post(`${PUBLIC}/suggested`, { ...guarded, schema: { ...guarded.schema, body: MessageBody } }, async (request) => {
    const visitor = await visitorOf(ctx, request, request.body.auth, false);
    return ok(await embedSuggestions(ctx, guardedKey(request), visitor, request.body.messageId));
  });

  // ── the owner's calls ──
  const teacherSide = { preHandler: [app.requireUser, requireClientType('1', '2')] };

  app.get('/app/user/embed/key', { ...teacherSide, schema: { response: okResponse(Type.Array(KeySchema)) } }, async (request) =>
    ok(await listOwnKeys(ctx, currentUser(request).id)),
  );

  app.get('/app/user/embed/key/:id', { ...teacherSide, schema: { params: KeyIdParams, response: okResponse(KeySchema) } }, async (request) =>
    ok(await getOwnKey(ctx, currentUser(request).id, request.params.id)),
  );

  app.post('/app/user/embed/key', { ...teacherSide, schema: { body: CreateKeyBody, response: okResponse(KeySchema) } }, async (request) =>
    ok(await createKey(ctx, currentUser(request).id, request.body, requestLocale(request)), '嵌入密钥已创建'),
  );

  app.put(
    '/app/user/embed/key/:id',
    { ...teacherSide, schema: { params: KeyIdParams, body: UpdateKeyBody, response: okResponse(KeySchema) } },
    async (request) => ok(await updateOwnKey(ctx, currentUser(request).id, request.params.id, request.body), '已保存'),
  );

  app.delete('/app/user/embed/key/:id', { ...teacherSide, schema: { params: KeyIdParams } }, async (request) => {
    await deleteOwnKey(ctx, currentUser(request).id, request.params.id);
    return ok(null, '嵌入密钥已删除');
  });

  app.post('/app/user/embed/key/:id/secret', { ...teacherSide, schema: { params: KeyIdParams, response: okResponse(SecretSchema) } }, async (request) =>
    ok(await rotateSecret(ctx, currentUser(request).id, request.params.id), '已生成新的签名密钥，旧密钥立即失效'),
  );
};
