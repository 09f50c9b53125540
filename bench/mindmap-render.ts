// Mind map of a 2,000-node outline: first render and one node
// edit in Chromium with <zx-mind-map>'s renderer (our tree, DOMPurify on
// every node), as a ratio against markmap's own plain usage on the same
// outline (markmap-lib's Transformer + Markmap.create, as its demo does).
// Same page, same run, rounds alternated; medians printed.
//   node --import tsx bench/mindmap-render.ts [rounds=5]
import { withBenchPage } from './lib/browser-page.js';
import { loadAverage } from './lib/goal.js';

const ROUNDS = Number(process.argv[2] ?? 5);

/** 1 root, 20 branches, 10 items each, 9 sub-items each: 2,021 nodes. */
function outline(): string {
  const lines = ['# 数控技术专业知识图谱'];
  for (let b = 1; b <= 20; b += 1) {
    lines.push(`## 第${b}章 数控加工模块 ${b}`);
    for (let i = 1; i <= 10; i += 1) {
      lines.push(`- 知识点 ${b}.${i} **关键**工艺要求`);
      for (let s = 1; s <= 9; s += 1) lines.push(`  - 要点 ${b}.${i}.${s} 参数与注意事项`);
    }
  }
  return `${lines.join('\n')}\n`;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
await withBenchPage(
  new URL('./mindmap-render.page.ts', import.meta.url),
  async (page, browser) => {
    await page.waitForFunction(() => typeof window.zxMapBench === 'function');
    const result = await page.evaluate(([md, rounds]) => window.zxMapBench(md, rounds), [outline(), ROUNDS] as const);
    const ms = (x: number) => `${x.toFixed(0)} ms`;
    const first = { ours: median(result.ours.first), plain: median(result.plain.first) };
    const edit = { ours: median(result.ours.edit), plain: median(result.plain.edit) };
    console.log(loadAverage());
    console.log(`Mind map render, Chromium ${browser.version()} headless, ${result.nodes} nodes drawn, median of ${ROUNDS} rounds`);
    console.log(
      `first render  <zx-mind-map> renderer ${ms(first.ours)}   markmap plain (Transformer + Markmap.create) ${ms(first.plain)}   ratio ${(first.ours / first.plain).toFixed(2)}×`,
    );
    console.log(
      `node edit     <zx-mind-map> renderer ${ms(edit.ours)}   markmap plain (setData)                     ${ms(edit.plain)}   ratio ${(edit.ours / edit.plain).toFixed(2)}×`,
    );
    console.log(
      `README: A 2,021-node map: first render ${ms(first.ours)} (${(first.ours / first.plain).toFixed(2)}× markmap's own plain usage), a node edit ${ms(edit.ours)} (${(edit.ours / edit.plain).toFixed(2)}×).`,
    );
  },
  { viewport: { width: 1280, height: 800 } },
);
