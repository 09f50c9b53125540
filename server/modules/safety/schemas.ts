// Request schemas of the safety routes (TypeBox).
import { Type } from 'typebox';

const Category = Type.Union(
  ['politics', 'violence', 'sexual', 'abuse', 'self-harm', 'illegal', 'custom'].map((c) => Type.Literal(c)),
  { title: '类别' },
);
const Action = Type.Union([Type.Literal('block'), Type.Literal('review')], { title: '处理方式' });
const Word = Type.String({ title: '词', minLength: 1, maxLength: 64 });

export const WordsBody = Type.Object(
  {
    words: Type.Array(Type.Object({ word: Word, category: Category, action: Type.Optional(Action) }, { additionalProperties: false }), {
      title: '词',
      minItems: 1,
      maxItems: 5000,
    }),
  },
  { additionalProperties: false },
);

export const ImportBody = Type.Object(
  { fileId: Type.String({ title: '文件', minLength: 1, maxLength: 64 }), category: Category, action: Type.Optional(Action) },
  { additionalProperties: false },
);

export const AllowBody = Type.Object(
  { phrases: Type.Array(Type.String({ title: '短语', minLength: 1, maxLength: 200 }), { title: '短语', minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
);

export const SettingsBody = Type.Object(
  {
    counsellingText: Type.Optional(Type.String({ title: '心理辅导联系方式', maxLength: 1000 })),
    outputCheck: Type.Optional(Type.Boolean({ title: '检查回答' })),
    alertTeachers: Type.Optional(Type.Boolean({ title: '提醒班级教师' })),
    alertManagers: Type.Optional(Type.Boolean({ title: '提醒管理员' })),
    alertPhone: Type.Optional(Type.String({ title: '提醒手机号', maxLength: 64, pattern: '^(1\\d{10}([,，\\s]+1\\d{10}){0,4})?$' })),
    guardModel: Type.Optional(Type.String({ title: '审核模型', maxLength: 128 })),
    guardFailClosed: Type.Optional(Type.Boolean({ title: '审核模型不可用时拒绝' })),
    cloudModeration: Type.Optional(Type.Boolean({ title: '云内容安全' })),
    cloudFailClosed: Type.Optional(Type.Boolean({ title: '云内容安全不可用时拒绝' })),
  },
  { additionalProperties: false },
);

export const EventsQuery = Type.Object({
  category: Type.Optional(Type.String({ title: '类别', maxLength: 32 })),
  classId: Type.Optional(Type.String({ title: '班级', maxLength: 64 })),
  userId: Type.Optional(Type.String({ title: '用户', maxLength: 64 })),
  from: Type.Optional(Type.Integer({ title: '开始时间', minimum: 0 })),
  to: Type.Optional(Type.Integer({ title: '结束时间', minimum: 0 })),
  page: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 100000 })),
  size: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 200 })),
});

export const DismissBody = Type.Object(
  { phrase: Type.Optional(Type.String({ title: '短语', minLength: 1, maxLength: 200 })) },
  { additionalProperties: false },
);
