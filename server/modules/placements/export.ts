// The placements workbook for the education bureau's filing: one row per
// placement the reader may see (a supervisor's own, a manager's all), with
// its logs, hours and the weeks the company mentor signed. Built with the
// server's zh-CN words; sendSheets puts it into the reader's language.
import type { ServerContext } from '../../context.js';
import type { PlacementState } from '../../db/tables/placements.js';
import type { SheetSpec } from '../evaluation/index.js';
import { listPlacements, type Viewer } from './service.js';
import { logTotals } from './store.js';

const STATE_LABELS: Record<PlacementState, string> = { planned: '未开始', active: '实习中', finished: '已结束', ended: '提前结束' };

const HEADERS = [
  '学生',
  '实习单位',
  '实习岗位',
  '开始日期',
  '结束日期',
  '校内指导教师',
  '企业导师姓名',
  '企业导师电话',
  '实习状态',
  '日志数',
  '工作时长',
  '已签字周次',
];
const STATE_COLUMN = HEADERS.indexOf('实习状态');

export async function placementSheets(ctx: ServerContext, viewer: Viewer): Promise<SheetSpec[]> {
  const placements = await listPlacements(ctx, viewer);
  const totals = await logTotals(
    ctx.db,
    placements.map((p) => p.id),
  );
  const rows = placements.map((p) => {
    const total = totals.get(p.id) ?? { count: 0, minutes: 0 };
    return [
      p.student.name,
      p.company.name,
      p.post,
      p.startDate,
      p.endDate,
      p.supervisor.name,
      p.mentor.name,
      p.mentor.phone,
      STATE_LABELS[p.state],
      total.count,
      Math.round((total.minutes / 60) * 100) / 100,
      p.signedWeeks.map((w) => w.week).join(', '),
    ];
  });
  return [{ name: '岗位实习', headers: HEADERS, rows, labelColumns: [STATE_COLUMN], widths: [12, 24, 16, 12, 12, 14, 14, 16, 10, 8, 10, 20] }];
}
