// The demo school's logins: one password for its accounts (ZX_DEMO_PASSWORD,
// or generated at the first start and printed once) and its hash. Made apart
// from the seed so that the command line's entry (server/main.ts) can start
// the hash before the rest of the server loads.
//
// The demo accounts share one hash, salt included: they share the password
// by design (one is printed for all), so separate salts would hide nothing,
// and each scrypt costs 40–240 ms of CPU at the first start. A password a
// user sets later gets its own salt, as every password does.
import { generateReadablePassword, hashPassword } from './passwords.js';

export interface DemoLogins {
  password: string;
  /** True when the password was generated now (it is printed once). */
  generated: boolean;
  /** The password's hash, made once, when first asked for. */
  hash(): Promise<string>;
}

export function demoLogins(chosen: string | null): DemoLogins {
  const password = chosen ?? generateReadablePassword();
  let hash: Promise<string> | undefined;
  return { password, generated: chosen === null, hash: () => (hash ??= hashPassword(password)) };
}
