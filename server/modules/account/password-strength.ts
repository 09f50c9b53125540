// Refuses passwords a guesser tries first: the common-password lists of
// @zxcvbn-ts (12345678, password, qwertyui, 1qaz2wsx, …), a few favourites
// of Chinese users the lists lack, and the person's own names (username plus
// digits). Used wherever a person chooses a password: change, reset by SMS
// and roster import (accounts created by a manager get a generated one).
// The lists are half a megabyte of source and about 20 MB in memory: loaded
// when a password is first checked, not by every start of the server.
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { requirePackage } from '../../require-package.js';

export const WEAK_PASSWORD_MESSAGE = '密码太常见或容易被猜到（如 12345678、password 或用户名加数字），请换一个更长、更少见的密码';

/** zxcvbn's score: 0 and 1 fall to an online guesser within about a million tries. */
const MIN_SCORE = 2;
/** The estimator's cost grows with length; what lies beyond this adds strength anyway. */
const CHECKED_LENGTH = 64;
const CHINESE_FAVOURITES = [
  'woaini',
  'woaini1314',
  '5201314',
  '1314520',
  'aini1314',
  'qq123456',
  'a123456',
  'abc123456',
  'a123456789',
  'iloveyou',
  'zhang',
  'wang',
  'li',
  'liu',
  'chen',
];

let estimator: ZxcvbnFactory | undefined;

function estimatorOf(): ZxcvbnFactory {
  if (estimator) return estimator;
  const { ZxcvbnFactory: Factory } = requirePackage<typeof import('@zxcvbn-ts/core')>('@zxcvbn-ts/core');
  const { adjacencyGraphs, dictionary } = requirePackage<typeof import('@zxcvbn-ts/language-common')>('@zxcvbn-ts/language-common');
  estimator = new Factory({ dictionary: { ...dictionary, chinese: CHINESE_FAVOURITES }, graphs: adjacencyGraphs });
  return estimator;
}

/** True when the password is too easy to guess for this person (`names`: username, name, nickname). */
export function isWeakPassword(password: string, names: ReadonlyArray<string | null | undefined>): boolean {
  const inputs = names.filter((n): n is string => typeof n === 'string' && n.trim() !== '').map((n) => n.trim().toLowerCase());
  return estimatorOf().check(password.slice(0, CHECKED_LENGTH), inputs).score < MIN_SCORE;
}
