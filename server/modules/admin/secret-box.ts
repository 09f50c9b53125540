// API keys of the model providers a manager adds are stored encrypted
// (AES-256-GCM) under a key derived from the server secret ZX_SECRET_KEY,
// which lives in the environment, never in the database: a copied database
// alone does not reveal them. Without ZX_SECRET_KEY they are stored as given
// (marked `plain:`), and the admin screen says so.
// A key is sealed together with the address it was saved for (DESIGN §4,
// secrets follow their address): opened with any other address it gives
// nothing, so a base URL changed in the database cannot carry the key away.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { ConfigError, type Env } from '../../config.js';

/** Sealed before keys were bound to their address: opens for any address. */
const LEGACY_ENCRYPTED = 'enc:v1:';
const ENCRYPTED = 'enc:v2:';
const LEGACY_PLAIN = 'plain:';
const PLAIN = 'plain@';
const MIN_SECRET_LENGTH = 16;

export interface SecretBox {
  /** Keys are stored encrypted (a server secret is set). */
  encrypts: boolean;
  /** Seals a key for use with `address` only. */
  seal(value: string, address: string): string;
  /** The stored value opened for `address`; null when it cannot be (another address, or the secret changed or is gone). */
  open(stored: string, address: string): string | null;
}

export function secretBoxFrom(env: Env): SecretBox {
  const secret = env.ZX_SECRET_KEY?.trim();
  if (secret !== undefined && secret !== '' && secret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`ZX_SECRET_KEY must be at least ${MIN_SECRET_LENGTH} characters (a long random string, e.g. openssl rand -base64 32)`);
  }
  const key = secret ? Buffer.from(hkdfSync('sha256', secret, 'zhixue', 'model-provider-keys', 32)) : null;
  return {
    encrypts: key !== null,
    seal(value, address) {
      if (!value) return '';
      if (!key) return `${PLAIN}${encodeURIComponent(address)} ${value}`;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(address, 'utf8'));
      const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return ENCRYPTED + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored, address) {
      if (!stored) return '';
      if (stored.startsWith(PLAIN)) {
        const space = stored.indexOf(' ');
        return space > 0 && decodeURIComponent(stored.slice(PLAIN.length, space)) === address ? stored.slice(space + 1) : null;
      }
      if (stored.startsWith(LEGACY_PLAIN)) return stored.slice(LEGACY_PLAIN.length);
      const bound = stored.startsWith(ENCRYPTED);
      if ((!bound && !stored.startsWith(LEGACY_ENCRYPTED)) || !key) return null;
      try {
        const raw = Buffer.from(stored.slice(ENCRYPTED.length), 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        if (bound) decipher.setAAD(Buffer.from(address, 'utf8'));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
