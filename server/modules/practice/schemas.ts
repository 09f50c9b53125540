// Request schemas of the inquiry-practice calls.
import { Type } from 'typebox';
import { Id } from '../chat/index.js';

export const TitleQuery = Type.Object({ title: Type.Optional(Type.String({ title: '名称', maxLength: 100 })) });

const AppFields = {
  title: Type.String({ title: '应用名称', minLength: 1, maxLength: 40 }),
  description: Type.Optional(Type.String({ title: '应用简介', maxLength: 300 })),
  url: Type.String({ title: '网址', minLength: 1, maxLength: 2_000 }),
  icon: Type.Optional(Type.String({ title: '图标', maxLength: 500 })),
};

export const CreateAppBody = Type.Object(AppFields, { additionalProperties: false });
export const UpdateAppBody = Type.Object({ id: Id('实践应用'), ...AppFields }, { additionalProperties: false });

export const RecordsQuery = Type.Object({
  assistantId: Type.Optional(Id('探究助手')),
  page: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 10_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 200, default: 50 })),
});
