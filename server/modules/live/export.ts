// The session report as an XLSX workbook (sendSheets: written in a worker,
// put into the reader's language): attendance, questions, every answer,
// calls with their marks, and the wall.
import type { SheetSpec } from '../evaluation/index.js';
import type { sessionReport } from './report.js';

type Report = Awaited<ReturnType<typeof sessionReport>>;

const TYPE_LABELS: Record<string, string> = { single: '单选', multiple: '多选', judge: '判断', blank: '填空' };
const MARK_LABELS: Record<string, string> = { right: '答对', partly: '部分正确', wrong: '答错' };
/** In the server's time zone, as the other exports write times. */
const timeText = (at: number) => new Date(at).toLocaleString('sv-SE');
const letter = (i: number) => String.fromCharCode(65 + i);

/** An answer as the sheet shows it: option letters, ✓/✗ for true/false, a blank's words as typed. */
export function answerText(value: unknown): string {
  if (typeof value === 'number') return letter(value);
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'number' ? letter(v) : String(v))).join('');
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  return String(value ?? '');
}

const rate = (correct: number, answered: number) => (answered ? Math.round((correct / answered) * 1000) / 10 : null);

export function reportSheets(r: Report): SheetSpec[] {
  return [
    {
      name: '签到',
      headers: ['姓名', '状态', '签到时间'],
      labelColumns: [1],
      rows: [...r.present.map((p) => [p.name, p.late ? '迟到' : '按时', timeText(p.joinedAt)]), ...r.absent.map((a) => [a.name, '缺勤', null])],
    },
    {
      name: '题目',
      headers: ['题号', '题型', '题干', '答案', '作答人数', '正确人数', '正确率 %'],
      labelColumns: [1],
      rows: r.questions.map((q) => [
        q.position + 1,
        TYPE_LABELS[q.questionType] ?? q.questionType,
        q.stem,
        answerText(q.answer),
        q.answered,
        q.correct,
        rate(q.correct, q.answered),
      ]),
    },
    {
      name: '作答',
      headers: ['题号', '姓名', '答案', '是否正确', '时间'],
      labelColumns: [3],
      rows: r.questions.flatMap((q) =>
        q.answers.map((a) => [q.position + 1, a.name, answerText(a.value), a.correct ? '正确' : '错误', timeText(a.answeredAt)]),
      ),
    },
    {
      name: '点名',
      headers: ['时间', '姓名', '评价'],
      labelColumns: [2],
      rows: r.calls.map((c) => [timeText(c.calledAt), c.student.name, c.mark ? MARK_LABELS[c.mark]! : '未评价']),
    },
    {
      name: '弹幕',
      headers: ['时间', '姓名', '内容', '状态'],
      labelColumns: [3],
      rows: r.wall.map((m) => [timeText(m.at), m.name, m.text, m.hidden ? '已隐藏' : '已显示']),
    },
  ];
}
