// The most frequent topics of students' questions, for the course board.
// Intl.Segmenter (zh) finds words, but Node's ICU dictionary splits many
// domain terms (数控, 编程, 对刀) into single characters. Runs of single
// CJK characters are therefore paired into bigrams: a run of even length
// into consecutive pairs (数控编程 → 数控, 编程: most terms are two + two
// characters), an odd run into every overlapping pair. Stop words and
// single characters are dropped; each question counts a term once.

const CJK = /^[\u3400-\u9fff]+$/u;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Words that say nothing about what was asked. */
const STOP_WORDS = new Set(
  [
    // Chinese function words and question frames
    '什么',
    '怎么',
    '怎样',
    '如何',
    '为什么',
    '为何',
    '哪些',
    '哪个',
    '哪里',
    '是否',
    '可以',
    '能否',
    '能不能',
    '请问',
    '一下',
    '这个',
    '那个',
    '这些',
    '那些',
    '我们',
    '你们',
    '他们',
    '自己',
    '还是',
    '或者',
    '以及',
    '如果',
    '因为',
    '所以',
    '但是',
    '然后',
    '需要',
    '应该',
    '时候',
    '有没有',
    '是不是',
    '一个',
    '一些',
    '一种',
    '没有',
    '知道',
    '告诉',
    '解释',
    '介绍',
    '说明',
    '帮我',
    '谢谢',
    '老师',
    '问题',
    '意思',
    '中的',
    '里的',
    '的话',
    '什么样',
    '多少',
    '关于',
    '有关',
    '之间',
    '区别',
    '作用',
    '方法',
    '步骤',
    '主要',
    '具体',
    '详细',
    '简单',
    // English
    'the',
    'a',
    'an',
    'is',
    'are',
    'was',
    'what',
    'how',
    'why',
    'which',
    'who',
    'when',
    'where',
    'do',
    'does',
    'can',
    'could',
    'of',
    'to',
    'in',
    'on',
    'for',
    'and',
    'or',
    'with',
    'about',
    'this',
    'that',
    'it',
    'i',
    'you',
    'me',
    'my',
    'please',
    'explain',
  ].map((w) => w.toLowerCase()),
);

/** Characters that make a bigram meaningless when they are part of it. */
const STOP_CHARS = new Set([...'的了吗呢吧啊呀是在和与或及也就都而把被让给从向于请我你他她它们这那哪么个些有没不很还又再要会能可']);

const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('zh', { granularity: 'word' }) : null;

function bigramsOfRun(run: string[]): string[] {
  if (run.length < 2) return [];
  const out: string[] = [];
  const step = run.length % 2 === 0 ? 2 : 1;
  for (let i = 0; i + 1 < run.length; i += step) out.push(run[i]! + run[i + 1]!);
  return out;
}

/** The distinct topic terms of one question. */
export function topicTerms(text: string): Set<string> {
  const terms = new Set<string>();
  if (!segmenter) return terms;
  let run: string[] = [];
  const flush = () => {
    for (const pair of bigramsOfRun(run)) if (![...pair].some((c) => STOP_CHARS.has(c))) terms.add(pair);
    run = [];
  };
  for (const part of segmenter.segment(text)) {
    const word = part.segment.trim();
    if (!part.isWordLike || !word) {
      flush();
      continue;
    }
    if (CJK.test(word) && word.length === 1) {
      run.push(word);
      continue;
    }
    flush();
    if (!HAS_LETTER_OR_DIGIT.test(word) || /^\d+$/u.test(word)) continue;
    const key = CJK.test(word) ? word : word.toUpperCase();
    if (key.length < 2 || STOP_WORDS.has(word.toLowerCase())) continue;
    terms.add(key);
  }
  flush();
  for (const term of terms) if (STOP_WORDS.has(term.toLowerCase())) terms.delete(term);
  return terms;
}

export interface TopicCount {
  term: string;
  count: number;
}

/** The `limit` terms asked about in the most questions (ties: alphabetical, for a stable board). */
export function topTopics(questions: readonly string[], limit = 12): TopicCount[] {
  const counts = new Map<string, number>();
  for (const q of questions) for (const term of topicTerms(q)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return [...counts.entries()]
    .map(([term, count]) => ({ term, count }))
    .sort((a, b) => b.count - a.count || a.term.localeCompare(b.term, 'zh-CN'))
    .slice(0, limit);
}
