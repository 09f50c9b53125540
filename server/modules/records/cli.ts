// `npm run records -- verify [SEQ:HASH]` and `npm run records -- prune [DAYS]`:
// the check a school (or its auditor) runs on the chain, against a head kept
// outside the database (the last `operation records head` log line, or the
// head in an export), and retention by hand.
import type { DataLayer } from '../../db/index.js';
import type { Env } from '../../config.js';
import { parseHead, useChainOptions } from './chain-key.js';
import { pruneRecords } from './prune.js';
import { verifyChain } from './verify.js';

const DAY_MS = 24 * 3600_000;

export async function recordsCommand(data: DataLayer, args: string[], retentionDays: number, env: Env): Promise<number> {
  const [sub, value] = args;
  useChainOptions(data.db, env);
  if (sub === 'verify') {
    const expected = value === undefined ? undefined : parseHead(value);
    if (expected === null) {
      console.error('usage: npm run records -- verify [SEQ:HASH]   (a head from the log or an export)');
      return 2;
    }
    const report = await verifyChain(data.db, Date.now(), expected);
    if (report.intact) {
      console.log(`Operation records: chain intact (${report.checked} records checked${report.keyed ? ', keyed' : ', NOT keyed: set ZX_SECRET_KEY'}).`);
      console.log(`Head: ${report.head ? `${report.head.seq}:${report.head.hash}` : 'none'}`);
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
  console.error('usage: npm run records -- verify [SEQ:HASH] | prune [DAYS]');
  return 2;
}
