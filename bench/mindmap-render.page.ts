// @ts-nocheck: bench/ is type-checked as Node code (tsconfig.node-tests.json: NodeNext); this is browser code that esbuild bundles, and its imports resolve the bundler way.
// The page of bench/mindmap-render.ts: the same 2,000-node outline drawn by
// <zx-mind-map>'s renderer (our tree, DOMPurify on every node, render.ts)
// and by markmap's own plain usage (markmap-lib's Transformer +
// Markmap.create, as its demo does), then one node renamed in each.
import { Transformer } from 'markmap-lib';
import { Markmap } from 'markmap-view';
import { rename } from '../src/elements/mindmaps/edit-ops';
import { parseOutline } from '../src/elements/mindmaps/outline-tree';
import { createMapView } from '../src/elements/mindmaps/render';

declare global {
  interface Window {
    zxMapBench(
      markdown: string,
      rounds: number,
    ): Promise<{ ours: { first: number[]; edit: number[] }; plain: { first: number[]; edit: number[] }; nodes: number }>;
  }
}

const settle = async (svg: SVGSVGElement) => {
  await new Promise(requestAnimationFrame);
  await new Promise(requestAnimationFrame);
  svg.getBoundingClientRect();
};

function freshSvg(): SVGSVGElement {
  document.body.replaceChildren();
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('style', 'width:1280px;height:800px;display:block');
  document.body.append(svg);
  return svg;
}

window.zxMapBench = async (markdown, rounds) => {
  const ours = { first: [] as number[], edit: [] as number[] };
  const plain = { first: [] as number[], edit: [] as number[] };
  let nodes = 0;
  for (let round = 0; round < rounds; round += 1) {
    {
      const svg = freshSvg();
      const t0 = performance.now();
      const root = parseOutline(markdown);
      const view = createMapView(svg, root, '原文', { duration: 0 });
      await view.markmap.setData();
      await settle(svg);
      ours.first.push(performance.now() - t0);
      nodes = svg.querySelectorAll('.markmap-node').length;
      const target = root.children[7]!.children[3]!;
      const t1 = performance.now();
      const edited = rename(root, target.id, '改名后的节点').root;
      await view.update(edited);
      await settle(svg);
      ours.edit.push(performance.now() - t1);
      view.destroy();
    }
    {
      const svg = freshSvg();
      const t0 = performance.now();
      const { root } = new Transformer().transform(markdown);
      const mm = Markmap.create(svg, { duration: 0, autoFit: false });
      await mm.setData(root);
      await mm.fit();
      await settle(svg);
      plain.first.push(performance.now() - t0);
      const t1 = performance.now();
      root.children[7]!.children[3]!.content = '改名后的节点';
      await mm.setData(root);
      await settle(svg);
      plain.edit.push(performance.now() - t1);
      mm.destroy();
    }
  }
  return { ours, plain, nodes };
};
