// The analysis of one evaluation as an XLSX workbook: an overview (with the
// pass rate), students (those who have not handed in too, with their state),
// questions and knowledge points, written in a worker.
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import type { ServerLocale } from '../../i18n/locales.js';
import { analyseEvaluation } from './analysis.js';
import type { SheetSpec } from './xlsx-worker.js';

const TYPE_LABELS: Record<string, string> = { single: '单选', multiple: '多选', judge: '判断', blank: '填空', short: '简答', practical: '实操' };

/** How the attempt was handed in (a label column): by the student, or by the server when its time ran out. */
const handedInLabel = (auto: boolean) => (auto ? '到时自动交卷' : '学生交卷');
/** When it was handed in, in the server's time zone, as the operation records export writes times. */
const timeText = (at: number | null) => (at === null ? null : new Date(at).toLocaleString('sv-SE'));

/** A student's state as the sheet says it (a label column: put into the reader's language). */
const STATE_LABELS: Record<string, string> = { not_started: '未开始', in_progress: '作答中', submitted: '待批改', graded: '已批改' };

type Analysis = Awaited<ReturnType<typeof analyseEvaluation>>;

/** The headline figures, one per row: who handed in, who has not, the scores and the pass rate. */
function overviewRows(a: Analysis): Array<[string, number | null]> {
  return [
    ['交卷人数', a.submitted],
    ['未交卷人数', a.notHandedIn?.length ?? null],
    ['平均分', a.average],
    ['最高分', a.highest],
    ['最低分', a.lowest],
    ['试卷满分', a.maxScore],
    ['及格分', a.passMark],
    ['已批改', a.graded],
    ['及格率', a.passRate],
  ];
}

/** The wrong options most chosen, each with how many chose it, as the language writes a list ("G00（3）；G02（1）", "G00 (3); G02 (1)"). */
function wrongOptionsText(options: Array<{ text: string; count: number }>, locale: ServerLocale): string {
  const chinese = locale.startsWith('zh');
  return options.map((w) => (chinese ? `${w.text}（${w.count}）` : `${w.text} (${w.count})`)).join(chinese ? '；' : '; ');
}

/** The analysis as sheets in zh-CN (sendSheets puts them into the reader's language); `locale` is for the wrong options' own punctuation. */
/** The analysis workbook, with the evaluation's title and date that name its file. */
export async function analysisSheets(
  ctx: ServerContext,
  user: AuthUser,
  evaluationId: string,
  locale: ServerLocale,
): Promise<{ title: string; date: number; sheets: SheetSpec[] }> {
  const a = await analyseEvaluation(ctx, user, evaluationId);
  const tags = a.knowledgePoints.map((k) => k.tag);
  return { title: a.title, date: a.date, sheets: analysisWorkbook(a, tags, locale) };
}

function analysisWorkbook(a: Awaited<ReturnType<typeof analyseEvaluation>>, tags: string[], locale: ServerLocale): SheetSpec[] {
  return [
    { name: '概览', labelColumns: [0], headers: ['指标', '数值'], rows: overviewRows(a) },
    {
      name: '学生成绩',
      labelColumns: [5, 7],
      headers: ['账号', '姓名', '班级', '得分', `满分 ${a.maxScore}`, '状态', '交卷时间', '交卷方式', ...tags.map((t) => `掌握度：${t}`)],
      rows: [
        ...a.students.map((s) => [
          s.username,
          s.name,
          s.className,
          s.total,
          a.maxScore,
          STATE_LABELS[s.status]!,
          timeText(s.submittedAt),
          handedInLabel(s.autoSubmitted),
          ...tags.map((t) => s.mastery[t] ?? null),
        ]),
        ...(a.notHandedIn ?? []).map((s) => [s.username, s.name, s.className, null, a.maxScore, STATE_LABELS[s.state]!, null, '', ...tags.map(() => null)]),
      ],
    },
    {
      name: '试题分析',
      labelColumns: [1],
      headers: ['题号', '题型', '题干', '分值', '作答人数', '正确率', '难度（得分率）', '区分度', '最常选的错误选项'],
      rows: a.questions.map((q) => [
        q.position,
        TYPE_LABELS[q.type] ?? q.type,
        q.stem,
        q.points,
        q.answered,
        q.correctRate,
        q.difficulty,
        q.discrimination,
        wrongOptionsText(q.wrongOptions, locale),
      ]),
    },
    {
      name: '知识点掌握',
      headers: ['知识点', '全体', ...[...new Set(a.knowledgePoints.flatMap((k) => k.byClass.map((c) => c.className || '未分班')))]],
      rows: a.knowledgePoints.map((k) => [k.tag, k.mastery, ...k.byClass.map((c) => c.mastery)]),
    },
  ];
}
