// @ts-nocheck: bench/ is type-checked as Node code (tsconfig.node-tests.json: NodeNext, no JSX); this is browser code that esbuild bundles, and its imports resolve the bundler way.
// Browser side of bench/markdown-stream.ts (bundled with esbuild). Streams
// an answer one token per delta into a shadow root in two ways and times the
// main thread: each delta's React render and commit (flushSync) plus the
// layout it causes (forced right after, as a browser does once per frame,
// and a model streams about one token per frame).
//   incremental  <MarkdownView>: only the unfinished last block is rendered again
//   baseline     the whole answer through marked + DOMPurify into one div, every delta
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { adoptCss, MarkdownView, markdownCss, markdownFeaturesSettled, renderMarkdown } from '../src/elements/shared/markdown/index';
import { answerTokens } from './markdown-stream.answer';

function NaiveMarkdown({ text }: { text: string }) {
  const html = DOMPurify.sanitize(marked.parse(text, { async: false, gfm: true, breaks: true }) as string);
  return <div className="zx-md" dangerouslySetInnerHTML={{ __html: html }} />;
}

interface Mount {
  root: Root;
  host: HTMLElement;
  shadow: ShadowRoot;
}

function mount(): Mount {
  const host = document.createElement('div');
  host.style.cssText = 'display:block;width:760px';
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  // Both sides get the same stylesheet (MarkdownView would adopt it itself).
  adoptCss(shadow, 'zx-markdown', markdownCss);
  return { root: createRoot(shadow), host, shadow };
}

function unmount(m: Mount): void {
  m.root.unmount();
  m.host.remove();
}

export interface Timing {
  /** Milliseconds in render + commit, and in the layout forced after each delta. */
  render: number;
  layout: number;
  deltas: number;
  /** For the baseline: every `stride`-th delta was timed. */
  stride: number;
}

function timeDelta(m: Mount, element: ReactElement, timing: Timing): void {
  const t0 = performance.now();
  flushSync(() => m.root.render(element));
  const t1 = performance.now();
  void m.host.getBoundingClientRect().height;
  void (m.shadow.firstElementChild as HTMLElement | null)?.offsetHeight;
  const t2 = performance.now();
  timing.render += t1 - t0;
  timing.layout += t2 - t1;
}

/** Streams `tokens` into <MarkdownView>, every delta timed. */
function runIncremental(tokens: string[]): Timing {
  const m = mount();
  const timing: Timing = { render: 0, layout: 0, deltas: tokens.length, stride: 1 };
  let text = '';
  for (const token of tokens) {
    text += token;
    timeDelta(m, <MarkdownView text={text} streaming />, timing);
  }
  timeDelta(m, <MarkdownView text={text} />, timing);
  unmount(m);
  return timing;
}

/**
 * The baseline keeps no state between deltas (each one re-renders the whole
 * prefix), so timing every `stride`-th delta at its real prefix and scaling
 * by `stride` estimates the whole run without waiting minutes for it.
 */
function runBaseline(tokens: string[], stride: number): Timing {
  const m = mount();
  const timing: Timing = { render: 0, layout: 0, deltas: 0, stride };
  let text = '';
  for (let i = 0; i < tokens.length; i++) {
    text += tokens[i];
    if (i % stride !== stride - 1) continue;
    timeDelta(m, <NaiveMarkdown text={text} />, timing);
    timing.deltas++;
  }
  timing.render *= stride;
  timing.layout *= stride;
  timing.deltas *= stride;
  unmount(m);
  return timing;
}

async function run(tokenCount: number, stride: number) {
  const tokens = answerTokens(tokenCount);
  const text = tokens.join('');
  // Highlighting and KaTeX load lazily on first sight; load them before timing.
  renderMarkdown(text);
  await markdownFeaturesSettled();
  // Warm up both paths (JIT) on a short stream.
  runIncremental(tokens.slice(0, 1500));
  runBaseline(tokens.slice(0, 1500), 10);
  const incremental = runIncremental(tokens);
  const baseline = runBaseline(tokens, stride);
  return {
    tokens: tokens.length,
    chars: text.length,
    codeBlocks: (text.match(/^```\w/gm) ?? []).length,
    tables: (text.match(/^\| :---/gm) ?? []).length,
    incremental,
    baseline,
  };
}

declare global {
  interface Window {
    zxBench: typeof run;
  }
}
window.zxBench = run;
