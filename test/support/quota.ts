// Helpers for quota tests: extra people, and the manager's calls in one line.
import assert from 'node:assert/strict';
import type { ClientType } from '../../server/db/schema.js';
import { createUser } from '../../server/modules/account/store.js';
import { hashPassword } from '../../server/modules/account/passwords.js';
import type { TestServer } from './server.js';

/** Creates a person with the demo password and returns their username. */
export async function addPerson(server: TestServer, username: string, clientType: ClientType = '3'): Promise<string> {
  await createUser(
    server.data.db,
    { username, name: username, nickname: username, clientTypes: [clientType], passwordHash: await hashPassword(server.demoPassword) },
    Date.now(),
  );
  return username;
}

export async function setAllowance(server: TestServer, manager: string, scope: 'user' | 'class' | 'client', targetId: string, credits: number): Promise<void> {
  const res = await server.api('PUT', '/course/quota/allowances', { token: manager, body: { scope, targetId, credits } });
  assert.equal(res.body.code, 200, res.body.msg);
}

export async function setPrice(server: TestServer, manager: string, model: string, inputPer1k: number, outputPer1k: number): Promise<void> {
  const res = await server.api('PUT', '/course/quota/prices', { token: manager, body: { model, inputPer1k, outputPer1k } });
  assert.equal(res.body.code, 200, res.body.msg);
}

export async function quotaOf(
  server: TestServer,
  token: string,
): Promise<{ balance: number; used: number; limited: boolean; allowance: number | null; extra: number }> {
  const res = await server.api<{ balance: number; used: number; limited: boolean; allowance: number | null; extra: number }>('GET', '/app/user/quota', {
    token,
  });
  assert.equal(res.body.code, 200, res.body.msg);
  return res.body.data;
}
