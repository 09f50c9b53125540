// An IP range written as address/prefix (10.0.0.0/8, fd00::/8), for the
// settings that name networks (ZX_TRUST_PROXY, ZX_FETCH_ALLOW).
import { isIP } from 'node:net';

export function isCidr(value: string): boolean {
  const [address = '', prefix = '', extra] = value.split('/');
  const family = isIP(address);
  return extra === undefined && family !== 0 && /^\d{1,3}$/u.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
