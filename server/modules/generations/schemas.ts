// Request schemas of the generation calls (docs/api/generations.md).
import { Type } from 'typebox';

export const IdParams = Type.Object({ id: Type.String({ title: '编号', pattern: '^[A-Za-z0-9_-]{1,64}$' }) });

export const CreateBody = Type.Object(
  {
    kind: Type.String({ title: '生成类型', pattern: '^[a-z][a-z0-9-]{0,30}$' }),
    prompt: Type.String({ title: '提示词', maxLength: 4000 }),
    model: Type.Optional(Type.String({ title: '模型', minLength: 1, maxLength: 100 })),
    size: Type.Optional(Type.String({ title: '尺寸', pattern: '^[0-9]{2,5}[x*][0-9]{2,5}$' })),
    n: Type.Optional(Type.Integer({ title: '数量', minimum: 1, maximum: 4 })),
    seconds: Type.Optional(Type.Integer({ title: '时长', minimum: 1, maximum: 60 })),
    style: Type.Optional(Type.String({ title: '风格', pattern: '^[a-z][a-z0-9-]{0,30}$' })),
    source: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), Type.Unknown(), { title: '来源' })),
  },
  { additionalProperties: false },
);

export const ListQuery = Type.Object({
  kind: Type.Optional(Type.String({ title: '生成类型', pattern: '^[a-z][a-z0-9-]{0,30}$' })),
  limit: Type.Optional(Type.Integer({ title: '数量', minimum: 1, maximum: 100 })),
});
