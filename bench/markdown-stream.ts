// Main-thread time to show a 20,000-token answer streamed one token per
// delta: <MarkdownView> (incremental: only the unfinished last block is
// rendered again) against the baseline of re-parsing and re-rendering the
// whole markdown with marked + DOMPurify on every delta, in the same
// headless Chromium run (bench a). The page code is
// bench/markdown-stream.page.tsx, bundled here with esbuild (production React).
// Usage: node --import tsx bench/markdown-stream.ts [tokens=20000] [baselineStride=20]
import { withBenchPage } from './lib/browser-page.js';
import { loadAverage } from './lib/goal.js';

const TOKENS = Number(process.argv[2] ?? 20_000);
const STRIDE = Number(process.argv[3] ?? 20);
const TARGET = 10;

await withBenchPage(new URL('./markdown-stream.page.tsx', import.meta.url), async (page, browser) => {
  await page.waitForFunction(() => typeof window.zxBench === 'function');
  const started = Date.now();
  const result = await page.evaluate(([tokens, stride]) => window.zxBench(tokens, stride), [TOKENS, STRIDE] as const);
  const version = browser.version();

  const total = (t: { render: number; layout: number }) => t.render + t.layout;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const perDelta = (t: { render: number; layout: number; deltas: number }) => `${((t.render + t.layout) / t.deltas).toFixed(3)} ms/delta`;
  const ratio = total(result.baseline) / total(result.incremental);
  const n = (x: number) => x.toLocaleString('en-US');

  console.log(loadAverage());
  console.log(`Markdown streaming, Chromium ${version} headless, ${((Date.now() - started) / 1000).toFixed(0)} s wall`);
  console.log(
    `answer: ${n(result.tokens)} tokens, ${n(result.chars)} characters (Chinese/English prose, lists, ${result.codeBlocks} code blocks, ${result.tables} tables, tips, inline math), one token per delta`,
  );
  console.log(
    `incremental  <MarkdownView> (React 19, highlight.js + KaTeX on): ${s(total(result.incremental))}  (render ${s(result.incremental.render)} + layout ${s(result.incremental.layout)}; ${perDelta(result.incremental)})`,
  );
  console.log(
    `baseline     marked + DOMPurify of the whole answer per delta:  ${s(total(result.baseline))}  (render ${s(result.baseline.render)} + layout ${s(result.baseline.layout)}; ${perDelta(result.baseline)})`,
  );
  console.log(
    `             baseline estimated: every ${STRIDE}th delta timed at its real prefix (${n(result.baseline.deltas / STRIDE)} of ${n(result.baseline.deltas)}), times ${STRIDE}; it keeps no state between deltas, so sampling is unbiased`,
  );
  console.log(`ratio: baseline / incremental = ${ratio.toFixed(1)}× (target ≥ ${TARGET}×) ${ratio >= TARGET ? 'met' : 'NOT MET'}`);
  console.log(`       render alone (parse, sanitize, React commit; no layout) = ${(result.baseline.render / result.incremental.render).toFixed(1)}×`);
  console.log(
    `README: Streaming a ${n(result.tokens)}-token answer one token per delta takes ${s(total(result.incremental))} of main-thread time with <MarkdownView> (only the last block re-renders) vs ${s(total(result.baseline))} re-rendering the whole markdown per delta: ${ratio.toFixed(0)}× less.`,
  );
  if (ratio < TARGET) process.exitCode = 1;
});
