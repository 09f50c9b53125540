// The data board and operation records.
import type { Catalogue } from './index.js';

export const boardMessages: Catalogue = {
  '开始日期不是有效日期，请用 YYYY-MM-DD': {
    'en-US': 'The start date is not a valid date. Use YYYY-MM-DD',
    'zh-TW': '開始日期不是有效日期，請用 YYYY-MM-DD',
    'ko-KR': '시작 날짜가 올바른 날짜가 아닙니다. YYYY-MM-DD 형식을 사용해 주세요',
    'ru-RU': 'Дата начала указана неверно. Используйте формат ГГГГ-ММ-ДД',
  },
  '结束日期不是有效日期，请用 YYYY-MM-DD': {
    'en-US': 'The end date is not a valid date. Use YYYY-MM-DD',
    'zh-TW': '結束日期不是有效日期，請用 YYYY-MM-DD',
    'ko-KR': '종료 날짜가 올바른 날짜가 아닙니다. YYYY-MM-DD 형식을 사용해 주세요',
    'ru-RU': 'Дата окончания указана неверно. Используйте формат ГГГГ-ММ-ДД',
  },
  结束日期不能早于开始日期: {
    'en-US': 'The end date cannot be before the start date',
    'zh-TW': '結束日期不能早於開始日期',
    'ko-KR': '종료 날짜는 시작 날짜보다 빠를 수 없습니다',
    'ru-RU': 'Дата окончания не может быть раньше даты начала',
  },
  '日期范围最长 {0} 天，请缩小范围': {
    'en-US': 'A date range can be at most {0} days. Choose a shorter range',
    'zh-TW': '日期範圍最長 {0} 天，請縮小範圍',
    'ko-KR': '날짜 범위는 최대 {0}일입니다. 범위를 줄여 주세요',
    'ru-RU': 'Диапазон дат — не больше {0} дней. Сократите его',
  },
};
