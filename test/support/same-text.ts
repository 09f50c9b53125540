import assert from 'node:assert/strict';

/**
 * Asserts two long texts (a generated file against its committed copy) are the same, and on a
 * difference names only the first line that differs. assert.equal's full diff of a file of
 * several hundred kilobytes makes node:test's runner spend many minutes reading the report.
 */
export function assertSameText(actual: string, expected: string, hint: string): void {
  if (actual === expected) return;
  const actualLines = actual.split('\n');
  const expectedLines = expected.split('\n');
  let line = 0;
  while (line < actualLines.length && actualLines[line] === expectedLines[line]) line++;
  assert.fail(
    `${hint}\nfirst difference at line ${line + 1}:\n` +
      `  actual:   ${JSON.stringify(actualLines[line] ?? '(end of text)')}\n` +
      `  expected: ${JSON.stringify(expectedLines[line] ?? '(end of text)')}`,
  );
}
