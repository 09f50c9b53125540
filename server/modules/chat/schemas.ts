// Request schemas of the chat calls. Titles (in Chinese) name the field in
// validation messages a person reads.
import { Type } from 'typebox';
import { Id } from '../../http/schema-fields.js';
import { RATING_NOTE_MAX, RATING_REASONS } from '../../../shared/rating-reasons.js';

export { Id };

const ModelChoice = Type.Object(
  { model: Type.String({ title: '模型', minLength: 1, maxLength: 100 }), version: Type.Optional(Type.String({ title: '模型版本', maxLength: 100 })) },
  { additionalProperties: false },
);

const Settings = {
  title: Type.Optional(Type.String({ title: '标题', maxLength: 100 })),
  model: Type.Optional(Type.String({ title: '模型', minLength: 1, maxLength: 100 })),
  modelVersion: Type.Optional(Type.Union([Type.String({ title: '模型版本', maxLength: 100 }), Type.Null()])),
  usingContext: Type.Optional(Type.Boolean({ title: '上下文开关' })),
  systemMessage: Type.Optional(Type.String({ title: '系统消息', maxLength: 8_000 })),
  temperature: Type.Optional(Type.Number({ title: 'temperature', minimum: 0, maximum: 2 })),
  top_p: Type.Optional(Type.Number({ title: 'top_p', minimum: 0, maximum: 1 })),
  datasetIds: Type.Optional(Type.Array(Id('知识库'), { title: '知识库', maxItems: 20 })),
  models: Type.Optional(Type.Array(ModelChoice, { title: '对比模型', minItems: 2, maxItems: 4 })),
};

export const CreateChatBody = Type.Object(
  { ...Settings, assistantId: Type.Optional(Id('助手')), courseId: Type.Optional(Id('课程')) },
  { additionalProperties: false },
);

export const UpdateChatBody = Type.Object({ chatNumber: Id('对话编号'), ...Settings }, { additionalProperties: false });

export const ListChatsQuery = Type.Object({
  title: Type.Optional(Type.String({ title: '标题', maxLength: 100 })),
  assistantId: Type.Optional(Id('助手')),
  courseId: Type.Optional(Id('课程')),
  page: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 10_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 200, default: 100 })),
});

export const ChatNumberBody = Type.Object({ chatNumber: Id('对话编号') });
export const IdParams = Type.Object({ id: Id('编号') });
export const IdBody = Type.Object({ id: Id('对话编号') });
export const MessageIdBody = Type.Object({ messageId: Id('消息编号') });

/** Follow an answer again from the last event seen (0: from its start). */
export const ResumeBody = Type.Object({
  messageId: Id('消息编号'),
  after: Type.Optional(Type.Integer({ title: '事件序号', minimum: 0, maximum: 10_000_000 })),
});

export const EditMessageBody = Type.Object({
  messageId: Id('消息编号'),
  content: Type.String({ title: '消息内容', minLength: 1, maxLength: 100_000 }),
});

export const CompletionBody = Type.Object(
  {
    conversationId: Id('对话编号'),
    prompt: Type.Optional(Type.String({ title: '问题', maxLength: 100_000 })),
    model: Type.Optional(Type.String({ title: '模型', minLength: 1, maxLength: 100 })),
    modelVersion: Type.Optional(Type.String({ title: '模型版本', maxLength: 100 })),
    models: Settings.models,
    parentMessageId: Type.Optional(Type.Union([Id('上一条消息'), Type.Null()])),
    regenerate: Type.Optional(Type.Boolean({ title: '重新生成' })),
    usingContext: Settings.usingContext,
    systemMessage: Settings.systemMessage,
    temperature: Settings.temperature,
    top_p: Settings.top_p,
    datasetIds: Settings.datasetIds,
    images: Type.Optional(Type.Array(Type.String({ title: '图片', maxLength: 7_000_000 }), { title: '图片', maxItems: 4 })),
    files: Type.Optional(Type.Array(Id('附件'), { title: '附件', maxItems: 5 })),
    lessonId: Type.Optional(Id('课时')),
  },
  { additionalProperties: false },
);

/** With a thumbs-down: why (a few choices) and the reader's own words; the embed's rating takes them too. */
export const RatingWhyFields = {
  reason: Type.Optional(
    Type.Union(
      RATING_REASONS.map((r) => Type.Literal(r)),
      { title: '不满意的原因' },
    ),
  ),
  note: Type.Optional(Type.String({ title: '补充说明', maxLength: RATING_NOTE_MAX })),
};

export const FeedbackBody = Type.Object({
  conversationId: Type.Optional(Id('对话编号')),
  model: Type.Optional(Type.String({ maxLength: 100 })),
  messageId: Id('消息编号'),
  rating: Type.Union([Type.Literal(1), Type.Literal(-1), Type.Literal(0)], { title: '评价' }),
  ...RatingWhyFields,
});

export const SuggestedQuery = Type.Object({
  conversationId: Type.Optional(Id('对话编号')),
  model: Type.Optional(Type.String({ maxLength: 100 })),
  messageId: Id('消息编号'),
});

export const PromptTemplateQuery = Type.Object({
  title: Type.Optional(Type.String({ title: '标题', maxLength: 100 })),
  description: Type.Optional(Type.String({ title: '描述', maxLength: 200 })),
});

export const PromptTemplateBody = Type.Object(
  {
    title: Type.String({ title: '标题', minLength: 1, maxLength: 60 }),
    description: Type.Optional(Type.String({ title: '描述', maxLength: 200 })),
    content: Type.String({ title: '模板内容', minLength: 1, maxLength: 8_000 }),
    category: Type.Optional(Type.String({ title: '分类', maxLength: 30 })),
  },
  { additionalProperties: false },
);
