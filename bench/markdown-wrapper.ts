// Streaming markdown inside an HTML wrapper left open (an answer that starts
// with <div> or <details> and closes it at the end): main-thread time to
// stream an 8,050-character answer five characters per delta into
// <MarkdownView>, wrapped, as a ratio to the same answer as plain paragraphs
// in the same headless Chromium run. Inside a wrapper only the block being
// written renders again, as outside, so the ratio stays near 1; re-rendering
// the whole wrapper per delta made it about 30.
// Usage: node --import tsx bench/markdown-wrapper.ts [rounds=3]
import { loadavg } from 'node:os';
import { withBenchPage } from './lib/browser-page.js';

const ROUNDS = Number(process.argv[2] ?? 3);
const CHARS = 8050;
const CHUNK = 5;
/** Wrapped may cost this many times the plain answer at most. */
const BUDGET = 2;

/** Headings, paragraphs and lists of Chinese and English prose, cut at a block end to CHARS characters. */
function answer(): string {
  const parts: string[] = [];
  for (let n = 1; parts.join('').length < CHARS; n++) {
    parts.push(
      `## 第 ${n} 节 切削参数\n\n`,
      `数控车床加工时，**切削速度**、进给量和背吃刀量共同决定表面质量与刀具寿命。Cutting speed, feed and depth of cut decide finish and tool life. 第 ${n} 段。\n\n`,
      `- 粗加工：大背吃刀量，中等进给\n- 精加工：小背吃刀量，高转速\n- 注意冷却液的使用\n\n`,
    );
  }
  const text = parts.join('').padEnd(CHARS, '。');
  return text.slice(0, CHARS);
}

const text = answer();
await withBenchPage(new URL('./markdown-wrapper.page.tsx', import.meta.url), async (page, browser) => {
  await page.waitForFunction(() => typeof window.zxWrapperBench === 'function');
  const result = await page.evaluate(([t, c, r]) => window.zxWrapperBench(t, c, r), [text, CHUNK, ROUNDS] as const);
  const plain = result.paragraphs.ms;
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  console.log(`Markdown streaming inside an open HTML wrapper, Chromium ${browser.version()} headless, load ${loadavg()[0]!.toFixed(2)}`);
  console.log(`answer: ${text.length} characters, ${CHUNK} per delta (${result.paragraphs.deltas} deltas), best of ${ROUNDS} rounds`);
  let met = true;
  for (const name of ['paragraphs', 'div', 'details'] as const) {
    const ratio = result[name].ms / plain;
    if (ratio > BUDGET) met = false;
    console.log(
      `${name.padEnd(11)} ${ms(result[name].ms).padStart(8)}  ${(result[name].ms / result[name].deltas).toFixed(3)} ms/delta  ratio ${ratio.toFixed(2)}×`,
    );
  }
  console.log(`budget: wrapped ≤ ${BUDGET}× plain paragraphs: ${met ? 'met' : 'NOT MET'}`);
  if (!met) process.exitCode = 1;
});
