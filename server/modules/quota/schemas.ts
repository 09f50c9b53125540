import { Type } from 'typebox';

const Credits = (title: string) => Type.Number({ title, minimum: 0, maximum: 100_000_000 });

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 100 })),
});

export const Scope = Type.Union([Type.Literal('user'), Type.Literal('class'), Type.Literal('client')], { title: '范围' });

export const AllowanceBody = Type.Object(
  {
    scope: Scope,
    /** A person's id or username, a class id, or a client type '1' | '2' | '3'. */
    targetId: Type.String({ title: '对象', minLength: 1, maxLength: 128 }),
    credits: Credits('每月额度'),
  },
  { additionalProperties: false },
);

export const AllowanceQuery = Type.Object({ scope: Scope, targetId: Type.String({ title: '对象', minLength: 1, maxLength: 128 }) });

export const PriceBody = Type.Object(
  {
    model: Type.String({ title: '模型', minLength: 1, maxLength: 128 }),
    inputPer1k: Credits('输入价格'),
    outputPer1k: Credits('输出价格'),
    perImage: Type.Optional(Credits('每张图片价格')),
    perSecond: Type.Optional(Credits('每秒视频价格')),
  },
  { additionalProperties: false },
);

export const ModelParams = Type.Object({ model: Type.String({ title: '模型', minLength: 1, maxLength: 128 }) });

export const GrantBody = Type.Object(
  {
    /** A person's id or username. */
    userId: Type.String({ title: '用户', minLength: 1, maxLength: 128 }),
    /** Positive grants, negative takes. */
    credits: Type.Number({ title: '额度', minimum: -100_000_000, maximum: 100_000_000 }),
    note: Type.Optional(Type.String({ title: '备注', maxLength: 200 })),
  },
  { additionalProperties: false },
);

export const UsageQuery = Type.Object({
  by: Type.Union([Type.Literal('person'), Type.Literal('class'), Type.Literal('model')], { title: '统计方式' }),
  from: Type.Optional(Type.Integer({ title: '开始时间', minimum: 0 })),
  to: Type.Optional(Type.Integer({ title: '结束时间', minimum: 0 })),
});

export const PersonQuery = Type.Object({ username: Type.String({ title: '用户名', minLength: 1, maxLength: 64 }) });
