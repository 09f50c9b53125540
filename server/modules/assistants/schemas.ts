// Request schemas of the assistants calls. Titles (in Chinese) name the
// field in validation messages a person reads.
import { Type } from 'typebox';
import { Id } from '../chat/index.js';

const Kind = Type.Union([Type.Literal('chat'), Type.Literal('inquiry'), Type.Literal('form')], { title: '类型' });

export const GalleryQuery = Type.Object({
  title: Type.Optional(Type.String({ title: '名称', maxLength: 100 })),
  kind: Type.Optional(Kind),
  typeId: Type.Optional(Id('分类')),
  typeMode: Type.Optional(Type.Union([Type.Literal('sys'), Type.Literal('user')], { title: '来源' })),
  /** 'school': only what anyone in the school may see (system ones and those published to the whole school), e.g. for a portal. */
  scope: Type.Optional(Type.Literal('school', { title: '范围' })),
});

export const TitleQuery = Type.Object({ title: Type.Optional(Type.String({ title: '名称', maxLength: 100 })) });

export const TypeQuery = Type.Object({
  typeMode: Type.Optional(Type.Union([Type.Literal('sys'), Type.Literal('form')], { title: '分类来源', default: 'sys' })),
});

export const PagedGalleryQuery = Type.Object({
  ...GalleryQuery.properties,
  page: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 10_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 200, default: 50 })),
});

const Publication = Type.Object(
  {
    scope: Type.Union([Type.Literal('school'), Type.Literal('course')], { title: '发布范围' }),
    courseId: Type.Optional(Type.Union([Id('课程'), Type.Null()])),
  },
  { additionalProperties: false },
);

const AssistantFields = {
  kind: Type.Optional(Type.Union([Type.Literal('chat'), Type.Literal('inquiry')], { title: '助手类型' })),
  typeId: Type.Optional(Type.Union([Id('分类'), Type.Null()])),
  title: Type.String({ title: '助手名称', minLength: 1, maxLength: 30 }),
  description: Type.Optional(Type.String({ title: '简介', maxLength: 200 })),
  avatar: Type.Optional(Type.String({ title: '头像', maxLength: 500 })),
  systemMessage: Type.String({ title: '角色设定', minLength: 1, maxLength: 8_000 }),
  model: Type.Optional(Type.Union([Type.String({ title: '模型', minLength: 1, maxLength: 100 }), Type.Null()])),
  modelVersion: Type.Optional(Type.Union([Type.String({ title: '模型版本', maxLength: 100 }), Type.Null()])),
  temperature: Type.Optional(Type.Number({ title: 'temperature', minimum: 0, maximum: 2 })),
  top_p: Type.Optional(Type.Number({ title: 'top_p', minimum: 0, maximum: 1 })),
  openingMessage: Type.Optional(Type.String({ title: '开场白', maxLength: 1_000 })),
  starterQuestions: Type.Optional(Type.Array(Type.String({ title: '推荐问题', maxLength: 100 }), { title: '推荐问题', maxItems: 6 })),
  datasetIds: Type.Optional(Type.Array(Id('知识库'), { title: '知识库', maxItems: 20 })),
  publications: Type.Optional(Type.Array(Publication, { title: '发布范围', maxItems: 50 })),
};

export const CreateAssistantBody = Type.Object(AssistantFields, { additionalProperties: false });
// An update names only what changed; fields left out keep their value.
export const UpdateAssistantBody = Type.Object(
  { id: Id('助手'), ...AssistantFields, title: Type.Optional(AssistantFields.title), systemMessage: Type.Optional(AssistantFields.systemMessage) },
  { additionalProperties: false },
);

export const AssistantIdBody = Type.Object({ assistantId: Id('助手') }, { additionalProperties: false });

export const SessionQuery = Type.Object({
  assistantId: Type.Optional(Id('助手')),
  page: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 10_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 200, default: 50 })),
});

const FormValue = Type.Union([Type.String({ maxLength: 10_000 }), Type.Number(), Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 }), Type.Null()]);

export const FormRunBody = Type.Object(
  {
    formId: Id('表单应用'),
    values: Type.Record(Type.String({ maxLength: 64 }), FormValue, { title: '表单内容', maxProperties: 50 }),
    model: Type.Optional(Type.String({ title: '模型', minLength: 1, maxLength: 100 })),
    modelVersion: Type.Optional(Type.String({ title: '模型版本', maxLength: 100 })),
  },
  { additionalProperties: false },
);
