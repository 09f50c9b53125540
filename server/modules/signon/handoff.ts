// The two hand-offs of a browser sign-in: the state kept between the login
// redirect and the provider's callback (PKCE verifier, nonce, where to go
// after), and the one-time ticket the host app trades for a token, so no
// token travels in a URL or waits in the database.
import { randomBytes } from 'node:crypto';
import type { ServerContext } from '../../context.js';
import type { ClientType } from '../../db/schema.js';
import { sha256Hex } from '../../sha256-hex.js';
import { putHandoff, takeHandoff } from './store.js';

const STATE_TTL_MS = 10 * 60_000;
const TICKET_TTL_MS = 2 * 60_000;

export interface SignonState {
  verifier: string;
  nonce: string;
  redirect: string;
  callbackUrl: string;
}

export function keepState(ctx: ServerContext, providerId: string, state: string, data: SignonState): Promise<void> {
  return putHandoff(ctx.db, { id: sha256Hex(state), kind: 'state', providerId, data, expiresAt: ctx.now() + STATE_TTL_MS }, ctx.now());
}

export function takeState(ctx: ServerContext, state: string) {
  return takeHandoff<SignonState>(ctx.db, sha256Hex(state), 'state', ctx.now());
}

export interface TicketData {
  userId: string;
  clientType: ClientType;
  providerId: string;
  /** The provider's session this sign-in belongs to (CAS: the service ticket), '' when none. */
  sessionIndex: string;
}

export async function issueTicket(ctx: ServerContext, data: TicketData): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  const providerId = data.providerId;
  await putHandoff(ctx.db, { id: sha256Hex(ticket), kind: 'ticket', providerId, data, expiresAt: ctx.now() + TICKET_TTL_MS }, ctx.now());
  return ticket;
}

export async function redeemTicket(ctx: ServerContext, ticket: string): Promise<TicketData | null> {
  return (await takeHandoff<TicketData>(ctx.db, sha256Hex(ticket), 'ticket', ctx.now()))?.data ?? null;
}
