// Request schemas of the evaluation calls. Titles (in Chinese) name the field
// in validation messages a person reads.
import { Type } from 'typebox';
import { Id } from '../chat/index.js';
import { MAX_ANSWER_FILES } from './answer-files.js';
import { Question, QuestionType, Text } from './question-schema.js';

export { Question };

export const IdParams = Type.Object({ id: Id('编号') });
export const ItemParams = Type.Object({ id: Id('作答编号'), itemId: Id('题目编号') });
export const CourseQuery = Type.Object({ courseId: Id('课程') }, { additionalProperties: false });
export const BankExportQuery = Type.Object(
  {
    courseId: Id('课程'),
    format: Type.Optional(Type.Union([Type.Literal('xlsx'), Type.Literal('moodle'), Type.Literal('gift'), Type.Literal('aiken')], { title: '文件格式' })),
  },
  { additionalProperties: false },
);

const Kind = Type.Union([Type.Literal('quiz'), Type.Literal('assignment'), Type.Literal('survey')], { title: '测评类型' });
const Millis = (title: string) => Type.Union([Type.Integer({ title, minimum: 0 }), Type.Null()]);

const EvaluationFields = {
  title: Type.String({ title: '测评名称', minLength: 1, maxLength: 100 }),
  description: Type.Optional(Text('测评说明', 5_000)),
  kind: Kind,
  questions: Type.Array(Question, { title: '题目', maxItems: 200 }),
  classIds: Type.Optional(Type.Array(Id('班级'), { title: '班级', maxItems: 100 })),
  timeLimitMinutes: Type.Optional(Type.Union([Type.Integer({ title: '限时（分钟）', minimum: 1, maximum: 600 }), Type.Null()])),
  maxAttempts: Type.Optional(Type.Integer({ title: '作答次数', minimum: 1, maximum: 20 })),
  shuffle: Type.Optional(Type.Boolean({ title: '乱序' })),
  passMark: Type.Optional(Type.Union([Type.Number({ title: '及格分', minimum: 0, maximum: 100_000 }), Type.Null()])),
  opensAt: Type.Optional(Millis('开始时间')),
  closesAt: Type.Optional(Millis('截止时间')),
  releaseMode: Type.Optional(Type.Union([Type.Literal('manual'), Type.Literal('immediate')], { title: '成绩发布方式' })),
  anonymous: Type.Optional(Type.Boolean({ title: '匿名' })),
  multipleScoring: Type.Optional(Type.Union([Type.Literal('proportional'), Type.Literal('all-or-nothing')], { title: '多选题计分' })),
  latePolicy: Type.Optional(Type.Union([Type.Literal('refuse'), Type.Literal('accept'), Type.Literal('penalty')], { title: '迟交规则' })),
  latePenalty: Type.Optional(Type.Number({ title: '迟交扣分（%）', minimum: 0, maximum: 100 })),
  lateUntil: Type.Optional(Millis('迟交截止时间')),
};

export const CreateEvaluationBody = Type.Object({ courseId: Id('课程'), ...EvaluationFields }, { additionalProperties: false });
/** An edit names only what it changes (a published evaluation's settings dialog sends the window alone); the rest stays. */
export const UpdateEvaluationBody = Type.Object(
  { ...EvaluationFields, title: Type.Optional(EvaluationFields.title), kind: Type.Optional(Kind), questions: Type.Optional(EvaluationFields.questions) },
  { additionalProperties: false },
);

export const StatusBody = Type.Object(
  { status: Type.Union([Type.Literal('published'), Type.Literal('closed')], { title: '测评状态' }) },
  { additionalProperties: false },
);

const AnswerValue = Type.Union(
  [
    Type.Integer({ minimum: 0, maximum: 50 }),
    Type.Array(Type.Integer({ minimum: 0, maximum: 50 }), { maxItems: 50 }),
    Type.Boolean(),
    Type.String({ maxLength: 20_000 }),
    // A practical task's answer: the ids of the student's uploaded files.
    Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: MAX_ANSWER_FILES }),
    Type.Null(),
  ],
  { title: '答案' },
);

export const AnswersBody = Type.Object(
  {
    answers: Type.Array(Type.Object({ questionId: Id('题目'), value: AnswerValue }, { additionalProperties: false }), { title: '答案', maxItems: 200 }),
    /** The attempt the page is answering (its paper's submissionId); see `inProgress` in taking.ts for when it is missing. */
    submissionId: Type.Optional(Id('作答编号')),
  },
  { additionalProperties: false },
);

export const GradeBody = Type.Object(
  {
    criteria: Type.Optional(
      Type.Array(
        Type.Object(
          {
            criterion: Type.String({ title: '评分标准', minLength: 1, maxLength: 200 }),
            points: Type.Number({ title: '得分', minimum: 0, maximum: 1000 }),
            comment: Type.Optional(Text('评语', 2_000)),
          },
          { additionalProperties: false },
        ),
        { maxItems: 20 },
      ),
    ),
    score: Type.Optional(Type.Number({ title: '得分', minimum: 0, maximum: 1000 })),
    feedback: Type.Optional(Text('反馈', 5_000)),
  },
  { additionalProperties: false },
);

export const QuestionParams = Type.Object({ id: Id('编号'), questionId: Id('题目编号') });
/** One question graded in many attempts (PUT …/questions/{questionId}/grades). */
export const QuestionGradesBody = Type.Object(
  {
    grades: Type.Array(Type.Object({ submissionId: Id('作答编号'), ...GradeBody.properties }, { additionalProperties: false }), {
      title: '评分列表',
      minItems: 1,
      maxItems: 1000,
    }),
  },
  { additionalProperties: false },
);

export const BankQuery = Type.Object(
  {
    courseId: Id('课程'),
    type: Type.Optional(QuestionType),
    tag: Type.Optional(Text('知识点', 50)),
    difficulty: Type.Optional(Type.Integer({ title: '难度', minimum: 1, maximum: 5 })),
    keyword: Type.Optional(Text('关键词', 100)),
    page: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 10_000 })),
    pageSize: Type.Optional(Type.Integer({ title: '每页数量', minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);

export const AddQuestionsBody = Type.Object(
  { courseId: Id('课程'), questions: Type.Array(Question, { title: '题目', minItems: 1, maxItems: 500 }) },
  { additionalProperties: false },
);
export const DeleteQuestionsBody = Type.Object(
  { courseId: Id('课程'), ids: Type.Array(Id('题目'), { title: '题目', minItems: 1, maxItems: 500 }) },
  { additionalProperties: false },
);

export const DrawBody = Type.Object(
  {
    courseId: Id('课程'),
    rules: Type.Array(
      Type.Object(
        {
          count: Type.Integer({ title: '题数', minimum: 1, maximum: 200 }),
          type: Type.Optional(QuestionType),
          difficulty: Type.Optional(Type.Integer({ title: '难度', minimum: 1, maximum: 5 })),
          tag: Type.Optional(Text('知识点', 50)),
          points: Type.Optional(Type.Number({ title: '分值', minimum: 0, maximum: 1000 })),
        },
        { additionalProperties: false },
      ),
      { title: '抽题规则', minItems: 1, maxItems: 20 },
    ),
  },
  { additionalProperties: false },
);

export const ImportBody = Type.Object(
  { courseId: Id('课程'), fileId: Id('文件'), commit: Type.Optional(Type.Boolean({ title: '确认导入' })) },
  { additionalProperties: false },
);

export const WriteBody = Type.Object(
  {
    courseId: Id('课程'),
    lessonIds: Type.Optional(Type.Array(Id('课时'), { title: '课时', maxItems: 20 })),
    datasetIds: Type.Optional(Type.Array(Id('知识库'), { title: '知识库', maxItems: 10 })),
    topic: Type.Optional(Text('主题', 200)),
    types: Type.Array(QuestionType, { title: '题型', minItems: 1, maxItems: 5 }),
    count: Type.Integer({ title: '题数', minimum: 1, maximum: 30 }),
    difficulty: Type.Optional(Type.Integer({ title: '难度', minimum: 1, maximum: 5 })),
    tags: Type.Optional(Type.Array(Text('知识点', 50), { title: '知识点', maxItems: 10 })),
  },
  { additionalProperties: false },
);

export const IndicatorsBody = Type.Object(
  {
    indicators: Type.Array(
      Type.Object(
        {
          id: Type.Optional(Id('指标')),
          name: Type.String({ title: '指标名称', minLength: 1, maxLength: 50 }),
          weight: Type.Number({ title: '权重', minimum: 0, maximum: 100 }),
          levels: Type.Array(Text('等级描述', 300), { title: '等级描述', maxItems: 10 }),
        },
        { additionalProperties: false },
      ),
      { title: '评价指标', minItems: 1, maxItems: 20 },
    ),
  },
  { additionalProperties: false },
);

export const CourseScoresBody = Type.Object(
  {
    scores: Type.Array(
      Type.Object(
        { indicatorId: Id('指标'), score: Type.Number({ title: '得分', minimum: 0, maximum: 100 }), comment: Text('评语', 2_000) },
        { additionalProperties: false },
      ),
      { title: '评分', minItems: 1, maxItems: 20 },
    ),
  },
  { additionalProperties: false },
);

export const CourseParams = Type.Object({ courseId: Id('课程') });
