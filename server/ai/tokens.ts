/**
 * Token estimate used to fit prior turns into a model's context window.
 * Exact tokenizers differ per model family; this errs on the high side
 * (one token per CJK character, one per ~3.5 other characters) so a budgeted
 * context never overflows the real window.
 */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/gu;

export function estimateTokens(text: string): number {
  if (!text) return 0;
  const cjk = text.match(CJK)?.length ?? 0;
  const rest = text.length - cjk;
  return cjk + Math.ceil(rest / 3.5);
}
