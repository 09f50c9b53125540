// The shape of one question (a bank question or a paper's): the one schema
// that the editor's calls and the file import both check, so a question that
// imports can always be saved again from the editor. Kept apart from
// schemas.ts, which pulls in the evaluation services, because the import
// worker (import-worker.ts) checks every row against it too.
import { Type } from 'typebox';
import { Id } from '../../http/schema-fields.js';

/** A text field with a readable name and a length limit. */
export const Text = (title: string, maxLength: number) => Type.String({ title, maxLength });

export const QuestionType = Type.Union(
  ['single', 'multiple', 'judge', 'blank', 'short', 'practical'].map((t) => Type.Literal(t)),
  { title: '题型' },
);

const AnswerKey = Type.Union(
  [
    Type.Integer({ minimum: 0, maximum: 50 }),
    Type.Array(Type.Integer({ minimum: 0, maximum: 50 }), { maxItems: 50 }),
    Type.Boolean(),
    Type.Array(Text('可接受答案', 500), { maxItems: 20 }),
    Text('参考答案', 10_000),
  ],
  { title: '答案' },
);

const Criterion = Type.Object(
  {
    criterion: Type.String({ title: '评分标准', minLength: 1, maxLength: 200 }),
    points: Type.Number({ title: '标准分值', minimum: 0, maximum: 1000 }),
    levels: Type.Optional(Type.Array(Text('等级描述', 500), { maxItems: 10 })),
  },
  { additionalProperties: false },
);

const Source = Type.Object(
  {
    kind: Type.Union([Type.Literal('lesson'), Type.Literal('passage')], { title: '出处类型' }),
    id: Id('出处'),
    title: Text('出处名称', 200),
    excerpt: Text('出处原文', 4_000),
  },
  { additionalProperties: false },
);

export const Question = Type.Object(
  {
    type: QuestionType,
    stem: Type.String({ title: '题干', minLength: 1, maxLength: 10_000 }),
    options: Type.Optional(Type.Array(Text('选项', 1_000), { title: '选项', maxItems: 26 })),
    answer: Type.Optional(AnswerKey),
    rubric: Type.Optional(Type.Array(Criterion, { title: '评分量规', maxItems: 20 })),
    points: Type.Number({ title: '分值', minimum: 0, maximum: 1000 }),
    tags: Type.Optional(Type.Array(Text('知识点', 50), { title: '知识点', maxItems: 20 })),
    difficulty: Type.Optional(Type.Integer({ title: '难度', minimum: 1, maximum: 5 })),
    explanation: Type.Optional(Text('解析', 10_000)),
    bankQuestionId: Type.Optional(Id('题库题目')),
    source: Type.Optional(Source),
  },
  { additionalProperties: false },
);
