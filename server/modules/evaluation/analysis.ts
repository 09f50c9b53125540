// Item analysis of one evaluation's submitted attempts (latest per student):
// score distribution, per-question correctness (facility = mean share of
// points), discrimination (upper 27 % minus lower 27 % facility, the classic
// Kelley index), the most chosen wrong options, and mastery per knowledge
// point per class and per student; the pass rate of graded attempts; and who
// has not handed in yet (roster.ts).
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { requireEvaluation } from './access.js';
import { originalChoice } from './paper.js';
import { pendingStudents } from './roster.js';
import { listItems, type EvaluationRecord, type ItemRecord } from './store.js';
import { itemScoresOfEvaluation, listSubmissions, type SubmissionRecord } from './submission-store.js';

const round = (n: number, places = 3) => Math.round(n * 10 ** places) / 10 ** places;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Each student's latest submitted attempt. */
function latestSubmitted(submissions: SubmissionRecord[]): SubmissionRecord[] {
  const byStudent = new Map<string, SubmissionRecord>();
  for (const s of submissions) {
    if (s.status === 'in_progress') continue;
    const seen = byStudent.get(s.studentId);
    if (!seen || s.attempt > seen.attempt) byStudent.set(s.studentId, s);
  }
  return [...byStudent.values()];
}

/**
 * Score bands of whole points, at most `bins` of them, the last ending at the
 * full score (rounded up): 0–1 … 7–8 for 8 points, 0–2 … 18–20 for 19; never
 * 0–1.9, 1.9–3.8. A band holds its lower end; the last holds the full score.
 */
function histogram(scores: number[], max: number, bins = 10): Array<{ from: number; to: number; count: number }> {
  const top = Math.max(1, Math.ceil(max));
  const width = Math.ceil(top / bins);
  const count = Math.ceil(top / width);
  const out = Array.from({ length: count }, (_, i) => ({ from: i * width, to: Math.min(top, (i + 1) * width), count: 0 }));
  for (const s of scores) out[Math.max(0, Math.min(count - 1, Math.floor(s / width)))]!.count += 1;
  return out;
}

function wrongOptions(item: ItemRecord, submissions: SubmissionRecord[]): Array<{ option: number; text: string; count: number }> {
  if (!item.options || (item.type !== 'single' && item.type !== 'multiple')) return [];
  const key = new Set(Array.isArray(item.answer) ? (item.answer as number[]) : [item.answer as number]);
  const counts = new Map<number, number>();
  for (const s of submissions) {
    const raw = s.answers[item.id];
    if (raw === undefined) continue;
    const chosen = originalChoice(raw, s.optionOrder[item.id]);
    for (const c of Array.isArray(chosen) ? chosen : [chosen]) {
      if (typeof c === 'number' && c >= 0 && !key.has(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([option, count]) => ({ option, text: item.options![option] ?? '', count }));
}

/** Graded attempts at or above the pass mark: null when the paper sets none or nothing is graded yet. */
function passRateOf(evaluation: EvaluationRecord, submissions: SubmissionRecord[]) {
  const graded = submissions.filter((s) => s.status === 'graded' && s.score !== null);
  const passMark = evaluation.passMark;
  const passed = passMark === null ? 0 : graded.filter((s) => s.score! >= passMark).length;
  return { passMark, graded: graded.length, passed, passRate: passMark === null || graded.length === 0 ? null : round(passed / graded.length) };
}

export async function analyseEvaluation(ctx: ServerContext, user: AuthUser, evaluationId: string) {
  const { evaluation } = await requireEvaluation(ctx, user, evaluationId, ['teacher', 'manager']);
  return analyseRecord(ctx, evaluation);
}

/** The analysis of an evaluation already checked (or one the server reads for itself, as grade posting does). */
export async function analyseRecord(ctx: ServerContext, evaluation: EvaluationRecord) {
  const evaluationId = evaluation.id;
  const items = await listItems(ctx.db, evaluationId);
  const attempts = await listSubmissions(ctx.db, evaluationId);
  const submissions = latestSubmitted(attempts);
  const ids = new Set(submissions.map((s) => s.id));
  const scores = (await itemScoresOfEvaluation(ctx.db, evaluationId)).filter((s) => ids.has(s.submissionId));
  const scoreOf = new Map(scores.map((s) => [`${s.submissionId}:${s.itemId}`, s.score]));
  const maxScore = items.reduce((sum, i) => sum + i.points, 0);
  const totals = submissions.map((s) => ({ s, total: items.reduce((sum, i) => sum + (scoreOf.get(`${s.id}:${i.id}`) ?? 0), 0) }));
  const ranked = [...totals].sort((a, b) => b.total - a.total);
  const groupSize = Math.max(1, Math.round(ranked.length * 0.27));
  const upper = ranked.slice(0, groupSize).map((t) => t.s.id);
  const lower = ranked.slice(-groupSize).map((t) => t.s.id);
  const facility = (itemId: string, points: number, group: string[]) =>
    points > 0 ? mean(group.map((sid) => (scoreOf.get(`${sid}:${itemId}`) ?? 0) / points)) : 0;

  const questions = items.map((item) => {
    const all = submissions.map((s) => s.id);
    return {
      questionId: item.id,
      position: item.position + 1,
      type: item.type,
      stem: item.stem,
      points: item.points,
      tags: item.tags,
      answered: submissions.filter((s) => s.answers[item.id] !== undefined).length,
      correctRate: round(item.points > 0 ? mean(all.map((sid) => ((scoreOf.get(`${sid}:${item.id}`) ?? 0) >= item.points ? 1 : 0))) : 0),
      difficulty: round(facility(item.id, item.points, all)),
      discrimination: ranked.length >= 2 ? round(facility(item.id, item.points, upper) - facility(item.id, item.points, lower)) : null,
      wrongOptions: wrongOptions(item, submissions),
    };
  });

  const students = await ctx.db
    .selectFrom('users')
    .leftJoin('class_members', (j) => j.onRef('class_members.user_id', '=', 'users.id').on('class_members.role', '=', 'student'))
    .leftJoin('classes', 'classes.id', 'class_members.class_id')
    .select(['users.id', 'users.username', 'users.nickname', 'users.name', 'classes.id as class_id', 'classes.name as class_name'])
    .where('users.id', 'in', submissions.length ? submissions.map((s) => s.studentId) : [''])
    .execute();
  const classOf = new Map(students.map((u) => [u.id, { id: u.class_id ?? '', name: u.class_name ?? '' }]));

  const tags = [...new Set(items.flatMap((i) => i.tags))];
  const masteryOf = (subs: SubmissionRecord[], tag: string) => {
    const tagged = items.filter((i) => i.tags.includes(tag) && i.points > 0);
    const got = subs.reduce((sum, s) => sum + tagged.reduce((acc, i) => acc + (scoreOf.get(`${s.id}:${i.id}`) ?? 0), 0), 0);
    const possible = subs.length * tagged.reduce((acc, i) => acc + i.points, 0);
    return possible > 0 ? round(got / possible) : null;
  };
  const classIds = [...new Set([...classOf.values()].map((c) => c.id))];
  return {
    evaluationId,
    title: evaluation.title,
    /** The evaluation's date: when it opens, else when it was created (names its exports). */
    date: evaluation.opensAt ?? evaluation.createdAt,
    submitted: submissions.length,
    ...passRateOf(evaluation, submissions),
    maxScore,
    average: round(mean(totals.map((t) => t.total)), 2),
    highest: totals.length ? Math.max(...totals.map((t) => t.total)) : null,
    lowest: totals.length ? Math.min(...totals.map((t) => t.total)) : null,
    distribution: histogram(
      totals.map((t) => t.total),
      maxScore,
    ),
    questions,
    knowledgePoints: tags.map((tag) => ({
      tag,
      mastery: masteryOf(submissions, tag),
      byClass: classIds.map((cid) => ({
        classId: cid,
        className: [...classOf.values()].find((c) => c.id === cid)?.name ?? '',
        mastery: masteryOf(
          submissions.filter((s) => classOf.get(s.studentId)?.id === cid),
          tag,
        ),
      })),
    })),
    // An anonymous survey names no respondent: no per-person rows (here or in the export),
    // nor who has not answered (that would name, by what is left, who has): null, not "everyone answered".
    notHandedIn: evaluation.anonymous ? null : await pendingStudents(ctx, evaluation, attempts),
    students: (evaluation.anonymous ? [] : totals).map(({ s, total }) => {
      const u = students.find((x) => x.id === s.studentId);
      return {
        studentId: s.studentId,
        username: u?.username ?? '',
        name: u?.nickname || u?.name || '',
        className: classOf.get(s.studentId)?.name ?? '',
        submissionId: s.id,
        status: s.status,
        submittedAt: s.submittedAt,
        autoSubmitted: s.autoSubmitted,
        score: s.score,
        total: round(total, 2),
        mastery: Object.fromEntries(tags.map((tag) => [tag, masteryOf([s], tag)])),
      };
    }),
  };
}
