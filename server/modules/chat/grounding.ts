// What an answer may draw on besides the conversation: knowledge passages
// (the knowledge library plugs its retriever in here) and the text of files
// attached to the question.
import type { ReferencePassage } from '../../ai/types.js';
import type { KnowledgeRetriever } from '../../ports.js';

export type { KnowledgeRetriever } from '../../ports.js';

/** Until a knowledge library is configured, answers draw on nothing else. */
export const noKnowledge: KnowledgeRetriever = { retrieve: async () => [] };

const MAX_PASSAGE_CHARS = 1_200;

export function groundingText(
  references: ReferencePassage[],
  attachments: Array<{ name: string; text: string; sent?: { chars: number; of: number } }>,
): string {
  const parts: string[] = [];
  if (references.length) {
    parts.push('以下是从知识库中检索到的资料。回答时优先依据这些资料，引用时用 [1]、[2] 这样的编号标注来源；资料中没有的内容请明确说明。');
    references.forEach((r, i) => parts.push(`[${i + 1}] 《${r.documentName}》\n${r.passage.slice(0, MAX_PASSAGE_CHARS)}`));
  }
  for (const file of attachments) {
    const cut = file.sent && file.sent.chars < file.sent.of ? `\n…（全文 ${file.sent.of} 字，以上只是前 ${file.sent.chars} 字）` : '';
    parts.push(`用户附加的文件《${file.name}》内容如下：\n${file.text}${cut}`);
  }
  return parts.join('\n\n');
}
