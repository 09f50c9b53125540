// UI code writes no Chinese into the text it shows: no words (they live in
// the catalogues, src/i18n, one file per language) and no Chinese
// punctuation glued around them (a label's "：", an aside's "（…）", a list's
// "、"). Glued by hand, an English or Russian reader got "Correct answer：B"
// and "Wang、Li". The glue comes from src/elements/shared/format.ts
// (labelled, withAside, formatList, joinClauses, joinForEditing), which
// follows the language. Only literals and JSX text are checked: a regular
// expression that accepts "，" or "、" as typed separators is fine, and so are
// comments.

const CHINESE = /[\u4e00-\u9fff：（）、，。；]/u;

export default {
  rules: {
    'ui-text': {
      meta: {
        type: 'problem',
        docs: { description: 'No Chinese words or punctuation in UI code outside the catalogues' },
        schema: [],
      },
      create(context) {
        const report = (node, text) => {
          const found = CHINESE.exec(text);
          if (!found) return;
          context.report({
            node,
            message: `"${found[0]}" in UI code: a reader of another language sees it as is. Put the words in a catalogue (src/i18n) and join them with labelled / withAside / formatList (src/elements/shared/format.ts).`,
          });
        };
        return {
          Literal(node) {
            if (typeof node.value === 'string') report(node, node.value);
          },
          TemplateElement(node) {
            report(node, node.value.cooked ?? node.value.raw);
          },
          JSXText(node) {
            report(node, node.value);
          },
        };
      },
    },
  },
};
