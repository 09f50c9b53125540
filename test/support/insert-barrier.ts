// Makes a race happen on purpose: a Kysely plugin that holds each insert into
// `table` (after it ran, before its caller goes on) until `count` of them have
// been written, or at most `maxMs`. Two requests that write and then count
// then both write before either counts. (On SQLite the held insert keeps the
// one connection, so the other insert runs when the first is let go at
// `maxMs`; both still come before either count.) Code that counts under a
// lock before writing makes the second wait instead, and the bound lets the
// first go on.
import type { KyselyPlugin } from 'kysely';

export function insertBarrier(table: string, count = 2, maxMs = 300): KyselyPlugin {
  const inserts = new Set<string>();
  let arrived = 0;
  let release!: () => void;
  const allWritten = new Promise<void>((resolve) => (release = resolve));
  return {
    transformQuery(args) {
      const node = args.node;
      if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === table) inserts.add(args.queryId.queryId);
      return node;
    },
    async transformResult(args) {
      if (inserts.has(args.queryId.queryId)) {
        if (++arrived === count) release();
        await Promise.race([allWritten, new Promise((resolve) => setTimeout(resolve, maxMs))]);
      }
      return args.result;
    },
  };
}
