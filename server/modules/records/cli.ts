// `npm run records -- verify` and `npm run records -- prune [DAYS]`: the
// check a school (or its auditor) runs on the chain, and retention by hand.
import type { DataLayer } from '../../db/index.js';
import { pruneRecords } from './prune.js';
import { verifyChain } from './verify.js';

const DAY_MS = 24 * 3600_000;

export async function recordsCommand(data: DataLayer, args: string[], retentionDays: number): Promise<number> {
  const [sub, value] = args;
  if (sub === 'verify') {
    const report = await verifyChain(data.db);
    if (report.intact) {
      console.log(`Operation records: chain intact (${report.checked} records checked).`);
      return 0;
    }
    console.error(`Operation records: chain BROKEN at record #${report.brokenAt} (${report.reason}); ${report.checked} records before it check out.`);
    return 1;
  }
  if (sub === 'prune') {
    const days = value === undefined ? retentionDays : Number(value);
    if (!Number.isInteger(days) || days < 1) {
      console.error('usage: npm run records -- prune DAYS   (keep the last DAYS days; DAYS ≥ 1)');
      return 2;
    }
    const result = await pruneRecords(data.db, Date.now() - days * DAY_MS);
    console.log(
      result.pruned ? `Removed ${result.pruned} records older than ${days} days (anchor #${result.anchorSeq}).` : `No record is older than ${days} days.`,
    );
    return 0;
  }
  console.error('usage: npm run records -- verify | prune [DAYS]');
  return 2;
}
