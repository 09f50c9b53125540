// Traditional characters read as simplified (opencc-js, generic traditional
// to mainland simplified). Loaded once, on first use, and shared: building a
// converter reads its dictionaries, which is far too slow to do per check.
// The package itself (110 KB of dictionaries) loads then too, not with the server.
import { requirePackage } from '../../require-package.js';

let converter: ((text: string) => string) | undefined;

/** The simplified form of `text` (characters outside Chinese pass unchanged). */
export function toSimplified(text: string): string {
  const convert = (converter ??= requirePackage<typeof import('opencc-js/t2cn')>('opencc-js/t2cn').Converter({ from: 't', to: 'cn' }));
  return convert(text);
}
