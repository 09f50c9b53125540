// The small list a new install starts with (DESIGN §4): enough that a school
// which has imported nothing yet still refuses the plainest requests for
// harm and still hears a student in crisis. Schools import the rest.
import type { SafetyCategory, SafetyWordAction } from '../../db/tables/safety.js';

export interface BuiltinWord {
  word: string;
  category: SafetyCategory;
  action: SafetyWordAction;
}

const selfHarm = [
  '不想活了',
  '不想活',
  '想自杀',
  '我要自杀',
  '自杀',
  '轻生',
  '想死',
  '活着没意思',
  '结束自己的生命',
  '割腕',
  '跳楼自尽',
  'kill myself',
  'suicide',
];
const violence = ['自制炸药', '制作炸弹', '制造炸弹', '土制炸弹', '自制枪支', '杀人方法', '怎么杀人', '砍死', '投毒', 'make a bomb'];
const sexual = ['色情视频', '色情网站', '黄色网站', '裸照', '约炮', 'porn'];

export const BUILTIN_WORDS: readonly BuiltinWord[] = [
  ...selfHarm.map((word) => ({ word, category: 'self-harm' as const, action: 'block' as const })),
  ...violence.map((word) => ({ word, category: 'violence' as const, action: 'block' as const })),
  ...sexual.map((word) => ({ word, category: 'sexual' as const, action: 'block' as const })),
];
