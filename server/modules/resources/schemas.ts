// Request schemas of the resource library calls.
import { Type } from 'typebox';

const Id = (title: string) => Type.String({ title, minLength: 1, maxLength: 64 });
const Tags = Type.Array(Type.String({ title: '标签', minLength: 1, maxLength: 20 }), { title: '标签', maxItems: 10 });
const Kind = Type.Union(
  ['video', 'audio', 'image', 'pdf', 'document', 'text', 'other'].map((k) => Type.Literal(k)),
  { title: '类型' },
);

export const IdParams = Type.Object({ id: Id('编号') });

export const LibraryQuery = Type.Object({
  folderId: Type.Optional(Id('文件夹')),
  keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 100 })),
  tag: Type.Optional(Type.String({ title: '标签', maxLength: 20 })),
  kind: Type.Optional(Kind),
});

export const SharedQuery = Type.Object({
  courseId: Type.Optional(Id('课程')),
  keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 100 })),
});

export const FolderBody = Type.Object(
  { name: Type.String({ title: '文件夹名称', minLength: 1, maxLength: 100 }), parentId: Type.Optional(Type.Union([Id('上级文件夹'), Type.Null()])) },
  { additionalProperties: false },
);

export const FolderUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ title: '文件夹名称', minLength: 1, maxLength: 100 })),
    parentId: Type.Optional(Type.Union([Id('上级文件夹'), Type.Null()])),
  },
  { additionalProperties: false },
);

export const AddBody = Type.Object(
  {
    fileIds: Type.Array(Id('文件'), { title: '文件', minItems: 1, maxItems: 100 }),
    folderId: Type.Optional(Type.Union([Id('文件夹'), Type.Null()])),
    tags: Type.Optional(Tags),
  },
  { additionalProperties: false },
);

export const ResourceUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ title: '资源名称', minLength: 1, maxLength: 200 })),
    folderId: Type.Optional(Type.Union([Id('文件夹'), Type.Null()])),
    tags: Type.Optional(Tags),
  },
  { additionalProperties: false },
);

export const ShareBody = Type.Object({ courseIds: Type.Array(Id('课程'), { title: '课程', maxItems: 50 }) }, { additionalProperties: false });
