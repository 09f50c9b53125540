// Traditional characters read as simplified (opencc-js, generic traditional
// to mainland simplified). Loaded once, on first use, and shared: building a
// converter reads its dictionaries, which is far too slow to do per check.
import { Converter } from 'opencc-js/t2cn';

let converter: ((text: string) => string) | undefined;

/** The simplified form of `text` (characters outside Chinese pass unchanged). */
export function toSimplified(text: string): string {
  const convert = (converter ??= Converter({ from: 't', to: 'cn' }));
  return convert(text);
}
