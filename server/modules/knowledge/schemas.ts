// Request schemas of the knowledge calls. Titles (in Chinese) name the field
// in validation messages a person reads.
import { Type } from 'typebox';

const Id = (title: string) => Type.String({ title, minLength: 1, maxLength: 64 });

export const IdParams = Type.Object({ id: Id('编号') });

const Visibility = Type.Union([Type.Literal('private'), Type.Literal('course'), Type.Literal('school')], { title: '可见范围' });

export const DatasetBody = Type.Object(
  {
    name: Type.String({ title: '知识库名称', minLength: 1, maxLength: 60 }),
    description: Type.Optional(Type.String({ title: '简介', maxLength: 500 })),
    visibility: Type.Optional(Visibility),
    courseIds: Type.Optional(Type.Array(Id('课程'), { title: '关联课程', maxItems: 50 })),
  },
  { additionalProperties: false },
);

export const DatasetUpdateBody = Type.Partial(DatasetBody, { additionalProperties: false });

export const ListQuery = Type.Object({
  keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 60 })),
  scope: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('mine'), Type.Literal('shared')], { title: '范围' })),
});

export const AddDocumentsBody = Type.Object({ fileIds: Type.Array(Id('文件'), { title: '文件', minItems: 1, maxItems: 50 }) }, { additionalProperties: false });

export const ChunksQuery = Type.Object({
  page: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 100, default: 20 })),
  keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 100 })),
});

export const ChunkBody = Type.Object({ content: Type.String({ title: '分段内容', minLength: 1, maxLength: 4_000 }) }, { additionalProperties: false });

export const SearchBody = Type.Object(
  {
    datasetIds: Type.Array(Id('知识库'), { title: '知识库', minItems: 1, maxItems: 20 }),
    query: Type.String({ title: '检索内容', minLength: 1, maxLength: 1_000 }),
    limit: Type.Optional(Type.Integer({ title: '返回条数', minimum: 1, maximum: 50, default: 10 })),
  },
  { additionalProperties: false },
);
