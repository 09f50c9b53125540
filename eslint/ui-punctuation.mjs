// UI code never writes Chinese punctuation into text it builds: a label's
// "：", an aside's "（…）", a list's "、". Glued by hand, an English or Russian
// reader gets "Correct answer：B" and "Wang、Li". The words live in the
// catalogues (src/i18n), and the glue comes from src/elements/shared/format.ts
// (labelled, withAside, formatList, joinForEditing), which follows the
// language. Only literals and JSX text are checked: a regular expression that
// accepts "，" or "、" as typed separators is fine, and so are comments.

const FULL_WIDTH = /[：（）、，。；]/u;

export default {
  rules: {
    'ui-punctuation': {
      meta: {
        type: 'problem',
        docs: { description: 'No full-width (Chinese) punctuation in text built by UI code outside the catalogues' },
        schema: [],
      },
      create(context) {
        const report = (node, text) => {
          const found = FULL_WIDTH.exec(text);
          if (!found) return;
          context.report({
            node,
            message: `"${found[0]}" glued into UI text: in English it reads wrong. Put the words in a catalogue (src/i18n) and join them with labelled / withAside / formatList (src/elements/shared/format.ts).`,
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
