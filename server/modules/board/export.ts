// The board as an XLSX workbook: every chart's numbers as a sheet (written in a worker).
import type { SheetSpec } from '../evaluation/index.js';
import type { BoardSummary } from './summary.js';

export function boardSheets(s: BoardSummary): SheetSpec[] {
  const models = [...new Set(s.daily.flatMap((d) => Object.keys(d.byModel)))];
  return [
    {
      name: '概览',
      headers: ['指标', '本期', '上期'],
      labelColumns: [0],
      rows: [
        ['日期范围', `${s.range.from} ~ ${s.range.to}`, `${s.previousRange.from} ~ ${s.previousRange.to}`],
        ['AI 提问', s.headline.questions, s.previous.questions],
        ['活跃用户', s.headline.activeUsers, s.previous.activeUsers],
        ['Tokens', s.headline.tokens, s.previous.tokens],
        [`估算费用 (${s.currency})`, s.headline.cost, s.previous.cost],
        ['课时完成', s.headline.completions, s.previous.completions],
        ['新用户', s.headline.newUsers, s.previous.newUsers],
        ['引用知识库的回答 %', s.headline.groundedShare, s.previous.groundedShare],
      ],
    },
    {
      name: '每日',
      headers: ['日期', '活跃教师', '活跃管理者', '活跃学生', 'AI 提问', 'Tokens', ...models],
      rows: s.daily.map((d) => [d.day, d.active['1'], d.active['2'], d.active['3'], d.questions, d.tokens, ...models.map((m) => d.byModel[m] ?? 0)]),
    },
    {
      name: '模型',
      headers: ['模型', '提问', '回答', '输入 Tokens', '输出 Tokens', `估算费用 (${s.currency})`],
      rows: s.models.map((m) => [m.model, m.questions, m.answers, m.promptTokens, m.completionTokens, m.cost]),
    },
    { name: '助手', headers: ['助手', '提问'], rows: s.assistants.map((a) => [a.name, a.questions]) },
    { name: '嵌入站点', headers: ['名称', '站点', '消息', 'Tokens'], rows: s.embed.map((e) => [e.name, e.origins.join(' '), e.messages, e.tokens]) },
    { name: '热门话题', headers: ['话题', '次数'], rows: s.topics.map((t) => [t.term, t.count]) },
    { name: '薄弱知识点', headers: ['知识点', '得分率 %', '作答数'], rows: s.evaluations.weakest.map((w) => [w.tag, w.rate, w.answers]) },
    {
      name: '实习佐证',
      headers: ['类型', '知识点或能力', '专业', '实习日志', '导师评语', '学生'],
      labelColumns: [0],
      rows: [
        ...s.placements.knowledgePoints.map((p) => ['知识点', p.name, p.major, p.logs, p.comments, p.students]),
        ...s.placements.competencies.map((p) => ['能力', p.name, p.major, p.logs, p.comments, p.students]),
      ],
    },
    { name: '教师活动', headers: ['教师', '操作', '新建', '发布'], rows: s.teachers.map((t) => [t.username, t.actions, t.created, t.published]) },
  ];
}
