// Request schemas of the embed calls. Titles (in Chinese) name the field in
// validation messages a person reads.
import { Type, type TProperties } from 'typebox';
import { Id, RatingWhyFields } from '../chat/index.js';

/** Question length from a web page visitor (a page of text, not a book). */
export const MAX_PROMPT_CHARS = 4_000;

export const KeyParams = Type.Object({ key: Type.String({ title: '嵌入密钥', minLength: 8, maxLength: 80, pattern: '^[A-Za-z0-9_-]+$' }) });

/** Who the visitor is, sent with every call (see visitors.ts). */
const Auth = Type.Object(
  {
    visitorToken: Type.Optional(Type.String({ title: '访客凭据', minLength: 16, maxLength: 128 })),
    user: Type.Optional(Type.String({ title: '签名用户', minLength: 1, maxLength: 64 })),
    expires: Type.Optional(Type.Integer({ title: '签名有效期', minimum: 0, maximum: 99_999_999_999 })),
    signature: Type.Optional(Type.String({ title: '身份签名', minLength: 1, maxLength: 128 })),
  },
  { additionalProperties: false },
);

const withAuth = <T extends TProperties>(fields: T) => Type.Object({ auth: Type.Optional(Auth), ...fields }, { additionalProperties: false });

export const SessionBody = withAuth({});
export const ConversationBody = withAuth({ conversationId: Id('对话编号') });
export const MessageBody = withAuth({ messageId: Id('消息编号') });

/** Follow an answer again from the last event seen (0: from its start). */
export const ResumeBody = withAuth({ messageId: Id('消息编号'), after: Type.Optional(Type.Integer({ title: '事件序号', minimum: 0, maximum: 10_000_000 })) });

/** A thumbs-down may say why, as in the app: a reason and the visitor's words. */
export const FeedbackBody = Type.Object(
  {
    auth: Type.Optional(Auth),
    messageId: Id('消息编号'),
    rating: Type.Union([Type.Literal(1), Type.Literal(-1), Type.Literal(0)], { title: '评价' }),
    ...RatingWhyFields,
  },
  { additionalProperties: false },
);

export const EmbedCompletionBody = Type.Object(
  {
    auth: Type.Optional(Auth),
    conversationId: Type.Optional(Id('对话编号')),
    prompt: Type.String({ title: '问题', minLength: 1, maxLength: MAX_PROMPT_CHARS }),
    parentMessageId: Type.Optional(Id('上一条消息')),
  },
  { additionalProperties: false },
);

const Limit = (title: string) => Type.Integer({ title, minimum: 0, maximum: 1_000_000_000 });

const KeyFields = {
  name: Type.String({ title: '密钥名称', minLength: 1, maxLength: 60 }),
  assistantId: Id('助手'),
  origins: Type.Array(Type.String({ title: '网站地址', maxLength: 200 }), { title: '允许的网站', maxItems: 50 }),
  hostedPages: Type.Optional(Type.Boolean({ title: '智学自带页面' })),
  visitors: Type.Optional(Type.Union([Type.Literal('anonymous'), Type.Literal('signed'), Type.Literal('any')], { title: '访客身份' })),
  limits: Type.Optional(
    Type.Object(
      {
        visitorDailyMessages: Type.Optional(Limit('每位访客每天提问数')),
        visitorDailyTokens: Type.Optional(Limit('每位访客每天 token 数')),
        dailyMessages: Type.Optional(Limit('每天总提问数')),
        dailyTokens: Type.Optional(Limit('每天总 token 数')),
      },
      { additionalProperties: false, title: '用量限制' },
    ),
  ),
  enabled: Type.Optional(Type.Boolean({ title: '启用' })),
};

export const CreateKeyBody = Type.Object(KeyFields, { additionalProperties: false });

export const UpdateKeyBody = Type.Object(
  {
    name: Type.Optional(KeyFields.name),
    assistantId: Type.Optional(KeyFields.assistantId),
    origins: Type.Optional(KeyFields.origins),
    hostedPages: KeyFields.hostedPages,
    visitors: KeyFields.visitors,
    limits: KeyFields.limits,
    enabled: KeyFields.enabled,
  },
  { additionalProperties: false },
);

export const KeyIdParams = Type.Object({ id: KeyParams.properties.key });
