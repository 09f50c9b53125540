// A merge that lost its session to another run (it stalled past its lease
// and another instance took the session over) changes nothing more: it can
// no longer renew, give the session back to the client, complete it or
// discard it; the run holding the session still can. Before, a stale run's
// failure reopened a session another instance was merging.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  claimMerge,
  completeSession,
  findSessionById,
  holdsMerge,
  insertSession,
  releaseMerge,
  renewMerge,
} from '../../../server/modules/uploads/session-store.js';
import { startTestServer, type TestServer } from '../../support/server.js';

describe('merge leases are fenced', () => {
  let server: TestServer;
  let ownerId: string;
  before(async () => {
    server = await startTestServer({ env: { ZX_LOG_LEVEL: 'error' } });
    ownerId = (await server.data.db.selectFrom('users').select('id').where('username', '=', 'teacher').executeTakeFirstOrThrow()).id;
  });
  after(() => server.close());

  const newSession = async (id: string) =>
    insertSession(server.data.db, {
      id,
      ownerId,
      identifier: `ident-${id}`,
      fileName: 'lesson.mp4',
      totalSize: 10,
      chunkSize: 10,
      totalChunks: 1,
      fileSha256: null,
      status: 'open',
      fileId: null,
      createdAt: 1,
      updatedAt: 1,
    });

  it('a run whose session was taken over cannot renew, reopen, complete or claim to hold it', async () => {
    const db = server.data.db;
    await newSession('fence-1');
    const stale = await claimMerge(db, 'fence-1', 1_000, 2_000);
    assert.ok(stale);
    assert.equal(await claimMerge(db, 'fence-1', 1_500, 2_500), null, 'held under a live lease');
    const current = await claimMerge(db, 'fence-1', 3_000, 4_000); // the lease ran out: taken over
    assert.ok(current);

    assert.equal(await renewMerge(db, stale, 9_000), false);
    assert.equal(await holdsMerge(db, stale), false);
    await releaseMerge(db, stale, 3_100);
    assert.equal(await completeSession(db, stale, 'no-such-file', 3_200), false);
    let row = await findSessionById(db, 'fence-1');
    assert.deepEqual({ status: row!.status, leaseUntil: row!.leaseUntil }, { status: 'merging', leaseUntil: 4_000 }, 'still the current run’s merge');

    // The current run renews (the fence moves with it), then gives the session back.
    assert.equal(await renewMerge(db, current, 5_000), true);
    assert.equal(await holdsMerge(db, current), true);
    await releaseMerge(db, current, 3_300);
    row = await findSessionById(db, 'fence-1');
    assert.equal(row!.status, 'open');
  });
});
