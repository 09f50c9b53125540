// Request shapes of live sessions. Titles name the field in validation messages.
import { Type } from 'typebox';
import { Id } from '../../http/schema-fields.js';
import { QuestionSchema } from '../evaluation/index.js';

export const SessionParams = Type.Object({ id: Id('课堂') });
export const CallParams = Type.Object({ id: Id('课堂'), callId: Id('点名记录') });
export const WallParams = Type.Object({ id: Id('课堂'), messageId: Id('弹幕') });
export const QuestionParams = Type.Object({ id: Id('课堂'), questionId: Id('题目') });
export const CourseQuery = Type.Object({ courseId: Id('课程') });

export const StartBody = Type.Object({ courseId: Id('课程'), lessonId: Type.Optional(Id('课时')) }, { additionalProperties: false });
export const JoinBody = Type.Object({ code: Type.String({ title: '签到码', minLength: 1, maxLength: 20 }) }, { additionalProperties: false });

export const PushBody = Type.Object(
  {
    /** Written on the spot, or `bankQuestionId`: one of the course's bank questions. */
    question: Type.Optional(QuestionSchema),
    bankQuestionId: Type.Optional(Id('题库题目')),
    seconds: Type.Integer({ title: '作答时间（秒）', minimum: 5, maximum: 600 }),
  },
  { additionalProperties: false },
);

export const AnswerBody = Type.Object(
  {
    questionId: Id('题目'),
    value: Type.Union(
      [
        Type.Integer({ minimum: 0, maximum: 50 }),
        Type.Array(Type.Integer({ minimum: 0, maximum: 50 }), { maxItems: 26 }),
        Type.Boolean(),
        Type.String({ maxLength: 200 }),
      ],
      { title: '答案' },
    ),
  },
  { additionalProperties: false },
);

export const CallBody = Type.Object({ allowRepeat: Type.Optional(Type.Boolean({ title: '允许连续点到同一人' })) }, { additionalProperties: false });
export const MarkBody = Type.Object(
  { mark: Type.Union([Type.Literal('right'), Type.Literal('partly'), Type.Literal('wrong')], { title: '点名评价' }) },
  { additionalProperties: false },
);

export const WallBody = Type.Object({ text: Type.String({ title: '弹幕内容', minLength: 1, maxLength: 60 }) }, { additionalProperties: false });
export const WallStateBody = Type.Object(
  { paused: Type.Optional(Type.Boolean({ title: '暂停弹幕' })), anonymous: Type.Optional(Type.Boolean({ title: '匿名显示' })) },
  { additionalProperties: false },
);
export const WallMessageBody = Type.Object(
  { hidden: Type.Optional(Type.Boolean({ title: '隐藏' })), anonymous: Type.Optional(Type.Boolean({ title: '匿名显示' })) },
  { additionalProperties: false },
);
