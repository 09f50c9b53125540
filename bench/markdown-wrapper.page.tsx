// @ts-nocheck: bench/ is type-checked as Node code (tsconfig.node-tests.json: NodeNext, no JSX); this is browser code that esbuild bundles, and its imports resolve the bundler way.
// Browser side of bench/markdown-wrapper.ts (bundled with esbuild). Streams
// the same answer five characters per delta into <MarkdownView> as plain
// paragraphs, inside an unclosed <div> and inside an unclosed <details>, and
// times each delta's React render and commit (flushSync) plus the layout it
// causes.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { MarkdownView } from '../src/elements/shared/markdown/index';

export interface Timing {
  ms: number;
  deltas: number;
}

function stream(text: string, chunk: number): Timing {
  const host = document.createElement('div');
  host.style.cssText = 'display:block;width:760px';
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const root = createRoot(shadow);
  let ms = 0;
  let deltas = 0;
  const step = (sofar: string, streaming: boolean) => {
    const t0 = performance.now();
    flushSync(() => root.render(<MarkdownView text={sofar} streaming={streaming} />));
    void host.getBoundingClientRect().height;
    ms += performance.now() - t0;
    deltas++;
  };
  for (let at = chunk; at < text.length; at += chunk) step(text.slice(0, at), true);
  step(text, false);
  root.unmount();
  host.remove();
  return { ms, deltas };
}

function run(answer: string, chunk: number, rounds: number): Record<'paragraphs' | 'div' | 'details', Timing> {
  const variants = {
    paragraphs: answer,
    div: `<div>\n\n${answer}`,
    details: `<details open><summary>展开</summary>\n\n${answer}`,
  };
  // Warm-up (JIT), then rounds alternated; the best of each kept.
  for (const text of Object.values(variants)) stream(text.slice(0, 1500), chunk);
  const best: Record<string, Timing> = {};
  for (let round = 0; round < rounds; round++) {
    for (const [name, text] of Object.entries(variants)) {
      const timing = stream(text, chunk);
      if (!best[name] || timing.ms < best[name].ms) best[name] = timing;
    }
  }
  return best as Record<'paragraphs' | 'div' | 'details', Timing>;
}

declare global {
  interface Window {
    zxWrapperBench: typeof run;
  }
}
window.zxWrapperBench = run;
