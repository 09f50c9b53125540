// Request schemas of the course calls. Titles (in Chinese) name the field in
// validation messages a person reads.
import { Type } from 'typebox';
import { Id } from '../../http/schema-fields.js';

export { Id };

const Status = Type.Union([Type.Literal('draft'), Type.Literal('published'), Type.Literal('archived')], { title: '课程状态' });

export const IdParams = Type.Object({ id: Id('编号') });
export const MemberParams = Type.Object({ id: Id('课程编号'), userId: Id('学生编号') });

export const ListQuery = Type.Object(
  {
    keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 100 })),
    status: Type.Optional(Status),
    category: Type.Optional(Type.String({ title: '专业/类别', maxLength: 60 })),
    term: Type.Optional(Type.String({ title: '学期', maxLength: 60 })),
    page: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 10_000 })),
    pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);

const CourseAi = Type.Object(
  {
    systemPrompt: Type.Optional(Type.String({ title: '课程 AI 提示词', maxLength: 8_000 })),
    assistantId: Type.Optional(Type.Union([Id('助手'), Type.Null()])),
    model: Type.Optional(Type.Union([Type.String({ title: '模型', minLength: 1, maxLength: 100 }), Type.Null()])),
    modelVersion: Type.Optional(Type.Union([Type.String({ title: '模型版本', minLength: 1, maxLength: 100 }), Type.Null()])),
    temperature: Type.Optional(Type.Union([Type.Number({ title: 'temperature', minimum: 0, maximum: 2 }), Type.Null()])),
    topP: Type.Optional(Type.Union([Type.Number({ title: 'top_p', minimum: 0, maximum: 1 }), Type.Null()])),
    datasetIds: Type.Optional(Type.Array(Id('知识库'), { title: '知识库', maxItems: 20 })),
  },
  { additionalProperties: false, title: '课程 AI 设置' },
);

const CourseFields = {
  description: Type.Optional(Type.String({ title: '课程简介', maxLength: 2_000 })),
  cover: Type.Optional(Type.String({ title: '封面', maxLength: 300 })),
  category: Type.Optional(Type.String({ title: '专业/类别', maxLength: 60 })),
  term: Type.Optional(Type.String({ title: '学期', maxLength: 60 })),
  ai: Type.Optional(CourseAi),
};

export const CreateCourseBody = Type.Object(
  { title: Type.String({ title: '课程名称', minLength: 1, maxLength: 100 }), ...CourseFields },
  { additionalProperties: false },
);

export const UpdateCourseBody = Type.Object(
  { title: Type.Optional(Type.String({ title: '课程名称', minLength: 1, maxLength: 100 })), ...CourseFields },
  { additionalProperties: false },
);

export const StatusBody = Type.Object({ status: Status }, { additionalProperties: false });

export const JoinCodeBody = Type.Object(
  { action: Type.Union([Type.Literal('regenerate'), Type.Literal('disable')], { title: '操作' }) },
  { additionalProperties: false },
);

export const JoinBody = Type.Object({ code: Type.String({ title: '加入码', minLength: 1, maxLength: 20 }) }, { additionalProperties: false });

export const ClassIdsBody = Type.Object({ classIds: Type.Array(Id('班级'), { title: '班级', maxItems: 100 }) }, { additionalProperties: false });

export const TeacherIdsBody = Type.Object(
  { userIds: Type.Array(Id('教师'), { title: '授课教师', minItems: 1, maxItems: 20 }) },
  { additionalProperties: false },
);

export const TeacherQuery = Type.Object({ keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 60 })) }, { additionalProperties: false });

export const ClassTermBody = Type.Object({ term: Type.String({ title: '学期', maxLength: 60 }) }, { additionalProperties: false });

export const ChapterBody = Type.Object({ title: Type.String({ title: '章节名称', minLength: 1, maxLength: 100 }) }, { additionalProperties: false });

export const OutlineBody = Type.Object(
  {
    chapters: Type.Array(
      Type.Object({ id: Id('章节'), lessonIds: Type.Array(Id('课时'), { title: '课时', maxItems: 500 }) }, { additionalProperties: false }),
      { title: '章节', maxItems: 200 },
    ),
  },
  { additionalProperties: false },
);

const Video = Type.Union(
  [
    Type.Object(
      {
        fileId: Type.Optional(Type.String({ title: '视频文件', pattern: '^[A-Za-z0-9_-]{1,64}$' })),
        url: Type.Optional(Type.String({ title: '视频地址', maxLength: 2_000 })),
        name: Type.Optional(Type.String({ title: '视频名称', maxLength: 200 })),
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  { title: '视频' },
);

const LessonFields = {
  content: Type.Optional(Type.String({ title: '课时内容', maxLength: 200_000 })),
  durationMinutes: Type.Optional(Type.Integer({ title: '预计时长（分钟）', minimum: 0, maximum: 1_440 })),
  video: Type.Optional(Video),
  attachments: Type.Optional(
    Type.Array(Type.Object({ fileId: Type.String({ title: '附件', pattern: '^[A-Za-z0-9_-]{1,64}$' }) }, { additionalProperties: true }), {
      title: '附件',
      maxItems: 20,
    }),
  ),
};

export const CreateLessonBody = Type.Object(
  { title: Type.String({ title: '课时名称', minLength: 1, maxLength: 100 }), ...LessonFields },
  { additionalProperties: false },
);

export const UpdateLessonBody = Type.Object(
  { title: Type.Optional(Type.String({ title: '课时名称', minLength: 1, maxLength: 100 })), ...LessonFields },
  { additionalProperties: false },
);

export const InsertIntoLessonBody = Type.Object(
  {
    fileId: Id('文件编号'),
    caption: Type.Optional(Type.String({ title: '说明文字', maxLength: 100 })),
    replaceVideo: Type.Optional(Type.Boolean({ title: '替换已有视频' })),
  },
  { additionalProperties: false },
);

export const CompleteBody = Type.Object({ completed: Type.Boolean({ title: '是否完成' }) }, { additionalProperties: false });

export const BoardQuery = Type.Object({ days: Type.Optional(Type.Integer({ title: '天数', minimum: 1, maximum: 90 })) }, { additionalProperties: false });
