// Names the server hands out as data and the client shows as they are: the
// built-in model, the seeded app categories, the default site title. A
// school's own names (a renamed site, a new category) are not in here and
// show as written.
import type { Catalogue } from './index.js';

export const modelMessages: Catalogue = {
  内置离线引擎: { 'en-US': 'Built-in offline engine', 'zh-TW': '內建離線引擎', 'ko-KR': '내장 오프라인 엔진', 'ru-RU': 'Встроенный офлайн-движок' },
  '智学 · 职业院校一站式AI大模型应用服务平台': {
    'en-US': 'Zhixue · AI platform for vocational schools',
    'zh-TW': '智學 · 職業院校一站式AI大模型應用服務平台',
    'ko-KR': '즈쉐 · 직업학교를 위한 AI 플랫폼',
    'ru-RU': 'Zhixue · ИИ-платформа для колледжей',
  },
  备课教学: { 'en-US': 'Lesson prep', 'zh-TW': '備課教學', 'ko-KR': '수업 준비', 'ru-RU': 'Подготовка уроков' },
  命题测评: { 'en-US': 'Tests & grading', 'zh-TW': '命題測評', 'ko-KR': '출제·평가', 'ru-RU': 'Тесты и оценка' },
  写作点评: { 'en-US': 'Writing feedback', 'zh-TW': '寫作點評', 'ko-KR': '글쓰기 피드백', 'ru-RU': 'Отзывы на тексты' },
  安全实训: { 'en-US': 'Safety training', 'zh-TW': '安全實訓', 'ko-KR': '안전 실습', 'ru-RU': 'Техника безопасности' },
  职业发展: { 'en-US': 'Career', 'zh-TW': '職業發展', 'ko-KR': '진로', 'ru-RU': 'Карьера' },
  学习辅导: { 'en-US': 'Study help', 'zh-TW': '學習輔導', 'ko-KR': '학습 도움', 'ru-RU': 'Помощь в учёбе' },
  探究实践: { 'en-US': 'Inquiry practice', 'zh-TW': '探究實踐', 'ko-KR': '탐구 실습', 'ru-RU': 'Исследовательская практика' },
  教学设计: { 'en-US': 'Lesson design', 'zh-TW': '教學設計', 'ko-KR': '수업 설계', 'ru-RU': 'Планирование уроков' },
  测评命题: { 'en-US': 'Assessment', 'zh-TW': '測評命題', 'ko-KR': '평가 문항', 'ru-RU': 'Оценивание' },
  教研与沟通: { 'en-US': 'Reflection & communication', 'zh-TW': '教研與溝通', 'ko-KR': '연구·소통', 'ru-RU': 'Методика и общение' },
};
