import { atom } from 'nanostores'
import { ApiError } from '../api/errors'
import { redeemCode } from '../api/quota'
import { perUser } from './user-scope'

/** SPEC §8 code 600: the server refused an AI call because the balance is at zero. */
export const QUOTA_EXHAUSTED = 600

/**
 * The last refusal at zero (its message says what to do), shown in chat with a
 * way to redeem a code; cleared by a redemption or a sign-out. A person's.
 */
export const $quotaRefusal = perUser(atom<string | null>(null), () => null)

/** Bumped whenever the balance changed here (a redemption, a purchase): balance views reload. */
export const $quotaChanged = perUser(atom(0), () => 0)

export function isQuotaRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === QUOTA_EXHAUSTED
}

/** Notes a refused call; returns whether it was a refusal at zero. */
export function noteQuotaRefusal(error: unknown): boolean {
  if (!isQuotaRefusal(error)) return false
  $quotaRefusal.set(error.message)
  return true
}

export function noteQuotaChanged(): void {
  $quotaRefusal.set(null)
  $quotaChanged.set($quotaChanged.get() + 1)
}

/** Redeems a code (typing is forgiving on the server); the balance views reload and the refusal goes. */
export async function redeem(code: string): Promise<{ credits: number; balance: number }> {
  const done = await redeemCode(code.trim())
  noteQuotaChanged()
  return done
}
