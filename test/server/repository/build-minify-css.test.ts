// The build's CSS minifier (scripts/rollup-minify-css.mjs) shrinks the CSS our
// style modules keep in template literals. What it may never do is change
// what the CSS means: quoted strings, a descendant `:hover`, values.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
// @ts-expect-error -- a build script in plain JavaScript, no declarations
import { minifyCssText } from '../../../scripts/rollup-minify-css.mjs';

const minify = minifyCssText as (text: string) => string;

describe('build: CSS in template literals is minified without changing its meaning', () => {
  it('drops comments and indentation', () => {
    const css = `
      /* Blocks are spaced by their own margins. */
      .zx-md-block {
        margin-top: 0;
        color: rgba(0, 0, 0, 0.5);
      }
      @media (min-width: 640px) { .a, .b { display: none } }
    `;
    assert.equal(minify(css), ' .zx-md-block{margin-top:0;color:rgba(0,0,0,0.5);}@media (min-width:640px){.a,.b{display:none}}');
  });

  it('keeps quoted strings, a space before a pseudo-class and the space around an interpolation', () => {
    assert.equal(minify(`.tip::before { content: "a:  b, /* c */"; }`), `.tip::before{content:"a:  b, /* c */";}`);
    assert.equal(minify(`.list :hover { grid-template-areas: 'x  y'; }`), `.list :hover{grid-template-areas:'x  y';}`);
    // The text before and after a ${…} part: a value's separating space stays.
    assert.equal(minify(`border: 1px solid `), `border:1px solid `);
    assert.equal(minify(` !important;\n  }`), ` !important;}`);
  });

  it('keeps a comment that holds quotes whole, without opening a string', () => {
    assert.equal(minify(`.u { /* set inline "background" shorthand */ background-clip: padding-box; }`), `.u{background-clip:padding-box;}`);
  });
});
