// Where server/assets (logos shipped with the server) is on disk. tsc does
// not copy .svg files, so the compiled dist/server/*.js looks in the source
// tree it was built from.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export function assetsDir(): string {
  const candidates = [new URL('./assets/', import.meta.url), new URL('../../server/assets/', import.meta.url)];
  const found = candidates.map((u) => fileURLToPath(u)).find((dir) => fs.existsSync(dir));
  if (!found) throw new Error('server/assets not found next to the server code');
  return found;
}
