// Request schemas of the mind map calls. Titles (in Chinese) name the field
// in validation messages a person reads.
import { Type } from 'typebox';
import { Id } from '../chat/index.js';
import { MAX_OUTLINE_CHARS } from './outline.js';

export const MapParams = Type.Object({ id: Id('思维导图') });
export const ShareParams = Type.Object({ token: Type.String({ title: '分享链接', minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });

const Title = Type.String({ title: '标题', maxLength: 200 });
const Outline = Type.String({ title: '大纲', maxLength: MAX_OUTLINE_CHARS });
const ModelName = Type.Optional(Type.String({ title: '模型', minLength: 1, maxLength: 100 }));
const ModelVersion = Type.Optional(Type.String({ title: '模型版本', maxLength: 100 }));

export const SourceKindSchema = Type.Union(
  ['topic', 'lesson', 'document', 'file', 'message'].map((k) => Type.Literal(k)),
  { title: '来源类型' },
);

export const Source = Type.Object(
  {
    kind: SourceKindSchema,
    id: Type.Optional(Id('来源')),
    topic: Type.Optional(Type.String({ title: '主题', maxLength: 200 })),
  },
  { additionalProperties: false },
);

export const CreateMapBody = Type.Object(
  {
    title: Type.Optional(Title),
    outline: Outline,
    source: Type.Optional(
      Type.Object(
        { kind: SourceKindSchema, id: Type.Optional(Id('来源')), title: Type.String({ title: '来源名称', maxLength: 200 }) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const SaveMapBody = Type.Object({ title: Type.Optional(Title), outline: Type.Optional(Outline) }, { additionalProperties: false });

export const OutlineBody = Type.Object({ source: Source, model: ModelName, version: ModelVersion }, { additionalProperties: false });

export const ExpandBody = Type.Object(
  {
    path: Type.Array(Type.String({ title: '节点', maxLength: 300 }), { title: '节点路径', minItems: 1, maxItems: 30 }),
    model: ModelName,
    version: ModelVersion,
  },
  { additionalProperties: false },
);
