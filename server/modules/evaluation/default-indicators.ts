// The default indicator system a school starts from, and how its text reads
// in each language. The defaults are stored once, in zh-CN, under fixed ids
// (default-1…5, the ids every school's defaults have had from the start), and
// managers of different languages share that one system. So the id, not the
// name, says which of the platform's figures suggest a score (a manager who
// renames 资源建设 keeps its suggestion), and a default's text is put into the
// reader's language on the way out only while it is still exactly the
// default; a manager's own words stay as written. On the way in, text equal
// to the reader's translation of its default is stored as the default, so
// saving the editor unchanged in English leaves the system Chinese for a
// Chinese reader. The words themselves are in server/i18n/catalogue.
import type { ServerLocale } from '../../i18n/locales.js';
import { translateMessage } from '../../i18n/translate.js';

/** Which of a course's figures speak to an indicator (course-evaluation.ts suggestedScore). */
export type Measure = 'design' | 'resources' | 'delivery' | 'ai' | 'students';

export interface DefaultIndicator {
  id: string;
  measure: Measure;
  name: string;
  weight: number;
  levels: string[];
}

export const DEFAULT_INDICATORS: DefaultIndicator[] = [
  {
    id: 'default-1',
    measure: 'design',
    name: '教学设计',
    weight: 20,
    levels: ['目标清晰、内容结构合理、贴合岗位', '目标较清晰、结构基本合理', '目标或结构有明显欠缺'],
  },
  { id: 'default-2', measure: 'resources', name: '资源建设', weight: 20, levels: ['课时、资源丰富且持续更新', '资源基本齐全', '资源不足'] },
  { id: 'default-3', measure: 'delivery', name: '教学实施', weight: 20, levels: ['学生活跃、完成率高', '活跃度与完成率一般', '参与度低'] },
  { id: 'default-4', measure: 'ai', name: 'AI 应用', weight: 20, levels: ['课程 AI 深度融入教学', '有一定使用', '很少使用'] },
  { id: 'default-5', measure: 'students', name: '学生评价', weight: 20, levels: ['测评与问卷结果优秀', '结果良好', '结果欠佳'] },
];

const BY_ID = new Map(DEFAULT_INDICATORS.map((d) => [d.id, d]));

/** The measure of a default indicator (renamed or not); undefined for one a manager added. */
export function measureOf(indicatorId: string): Measure | undefined {
  return BY_ID.get(indicatorId)?.measure;
}

interface IndicatorText {
  id?: string | undefined;
  name: string;
  levels: string[];
}

/** An indicator as the reader reads it: the default's untouched text in `locale`, anything else as stored. */
export function indicatorInLocale<T extends IndicatorText>(indicator: T, locale: ServerLocale): T {
  const found = indicator.id ? BY_ID.get(indicator.id) : undefined;
  if (!found || locale === 'zh-CN') return indicator;
  const say = (text: string) => translateMessage(text, locale);
  return {
    ...indicator,
    name: indicator.name === found.name ? say(found.name) : indicator.name,
    levels: indicator.levels.map((level) => (found.levels.includes(level) ? say(level) : level)),
  };
}

/** The text to store for what a `locale` reader sent: the default where they sent its translation back unchanged. */
export function indicatorAsStored<T extends IndicatorText>(indicator: T, locale: ServerLocale): T {
  const found = indicator.id ? BY_ID.get(indicator.id) : undefined;
  if (!found || locale === 'zh-CN') return indicator;
  const say = (text: string) => translateMessage(text, locale);
  return {
    ...indicator,
    name: indicator.name === say(found.name) ? found.name : indicator.name,
    levels: indicator.levels.map((level) => found.levels.find((own) => say(own) === level) ?? level),
  };
}
