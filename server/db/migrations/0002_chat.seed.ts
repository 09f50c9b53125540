// Prompt templates every user starts with: written for vocational teachers
// and students, in Chinese. Inserted by migration 0002 (owner_id null).
// A frozen copy: a migration must never change after it ships, so a new or
// changed template goes into a new migration, not here.
export const SEED_PROMPT_TEMPLATES: ReadonlyArray<{ title: string; description: string; category: string; content: string }> = [
  {
    title: '教案设计',
    description: '按职业院校教案格式生成一课时教案',
    category: '备课',
    content:
      '请为【课程名称】中的【课题】设计一份 45 分钟的教案，对象是中职/高职【专业】学生。包括：教学目标（知识、技能、素养）、重点难点、教学准备、教学过程（导入、新授、实训、小结，注明时间分配）、课后作业与评价方式。',
  },
  {
    title: '实训任务书',
    description: '生成一份可直接发给学生的实训任务书',
    category: '备课',
    content: '请为【实训项目】编写实训任务书，包括：任务目标、所需设备与材料、安全注意事项、操作步骤（编号列出）、质量检验标准、评分表（表格形式）。',
  },
  {
    title: '出题：选择题',
    description: '按知识点出单项选择题，附答案与解析',
    category: '考核',
    content: '请围绕【知识点】出 10 道单项选择题，难度由易到难，每题 4 个选项，最后给出答案和简短解析。题目贴近【专业】岗位的实际工作场景。',
  },
  {
    title: '出题：案例分析',
    description: '生成贴近岗位的案例分析题和评分要点',
    category: '考核',
    content: '请以【岗位/行业】的真实工作场景为背景，编写一道案例分析题（300 字左右的案例 + 3 个问题），并给出每个问题的参考答案和评分要点。',
  },
  {
    title: '作业评语',
    description: '根据学生作业给出鼓励性、具体的评语',
    category: '评价',
    content: '下面是一位学生的作业，请给出具体、有鼓励性的评语：先肯定优点，再指出 2-3 个最需要改进的地方并说明怎么改，语气亲切。\n\n【粘贴学生作业】',
  },
  {
    title: '知识点讲解',
    description: '用通俗的例子讲清一个专业概念',
    category: '学习',
    content: '请用通俗易懂的语言和一个生活或车间里的例子，向职业院校学生讲解【概念】，最后用三句话总结要点。',
  },
  {
    title: '学习计划',
    description: '为技能证书考试制定学习计划',
    category: '学习',
    content: '我准备在【时间】后参加【证书/技能等级】考试，目前基础是【自己的情况】。请帮我制定按周安排的学习计划，并列出每周的练习重点和自测方法。',
  },
  {
    title: '简历优化',
    description: '面向实习或就业岗位优化简历',
    category: '就业',
    content:
      '我是【专业】专业的学生，想应聘【岗位】。下面是我的简历，请帮我优化：突出与岗位相关的技能和实训经历，用量化的结果描述成绩，并指出还缺少什么。\n\n【粘贴简历】',
  },
  {
    title: '班会主题',
    description: '设计一次主题班会的流程',
    category: '班级管理',
    content: '请设计一次以【主题】为题的 40 分钟主题班会，包括：目标、准备工作、活动流程（含互动环节）、总结发言要点。',
  },
  {
    title: '家长沟通',
    description: '起草与家长沟通的消息',
    category: '班级管理',
    content: '请帮我起草一条发给家长的消息，说明【情况】，语气真诚、尊重，既说明问题也给出学校和家长可以一起做的具体建议，200 字以内。',
  },
];
