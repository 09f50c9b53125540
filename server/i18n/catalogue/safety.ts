// Content safety (server/modules/safety): the refusal and the caring reply a
// reader gets instead of an answer, and the managers' messages.
import type { Catalogue } from './index.js';

export const safetyMessages: Catalogue = {
  '这个问题我不能回答。我们换个学习上的话题吧，比如你正在学的课程或技能。': {
    'en-US': "I can't help with that one. Let's turn to something from your studies instead, such as a course or a skill you are learning.",
    'zh-TW': '這個問題我不能回答。我們換個學習上的話題吧，比如你正在學的課程或技能。',
    'ko-KR': '이 질문에는 답할 수 없어요. 대신 지금 배우고 있는 과목이나 기술처럼 공부와 관련된 이야기를 해 볼까요?',
    'ru-RU': 'На этот вопрос я ответить не могу. Давайте лучше вернёмся к учёбе — например, к курсу или навыку, который вы сейчас осваиваете.',
  },
  '这部分回答不适合显示，已经停止。我们换个学习上的话题吧。': {
    'en-US': 'This part of the answer is not suitable to show, so it was stopped. Let us turn to something from your studies.',
    'zh-TW': '這部分回答不適合顯示，已經停止。我們換個學習上的話題吧。',
    'ko-KR': '이 답변은 보여 드리기에 적절하지 않아 중단했어요. 공부와 관련된 이야기로 돌아가 볼까요?',
    'ru-RU': 'Эта часть ответа не подходит для показа, поэтому он остановлен. Давайте вернёмся к учёбе.',
  },
  '听起来你现在很难受，谢谢你愿意说出来。你并不孤单：请尽快和你信任的老师、辅导员或家人聊一聊。也可以随时拨打全国心理援助热线 12356，那里有专业的人愿意倾听和帮助你。如果你有立即的危险，请拨打 120 或 110。':
    {
      'en-US':
        'It sounds like you are going through something really hard, and thank you for saying it. You are not alone: please talk to a teacher, counsellor or family member you trust as soon as you can. You can also call the national mental-health hotline 12356 at any time, where trained people will listen and help. If you are in immediate danger, call 120 or 110.',
      'zh-TW':
        '聽起來你現在很難受，謝謝你願意說出來。你並不孤單：請盡快和你信任的老師、輔導員或家人聊一聊。也可以隨時撥打全國心理援助熱線 12356，那裡有專業的人願意傾聽和幫助你。如果你有立即的危險，請撥打 120 或 110。',
      'ko-KR':
        '지금 많이 힘든 것 같아요. 말해 줘서 고마워요. 당신은 혼자가 아니에요. 믿을 수 있는 선생님, 상담 선생님이나 가족과 되도록 빨리 이야기해 보세요. 언제든 전국 심리 지원 핫라인 12356에 전화하면 전문가가 이야기를 듣고 도와줄 거예요. 지금 위험한 상황이라면 120이나 110에 전화하세요.',
      'ru-RU':
        'Похоже, вам сейчас очень тяжело, и спасибо, что вы об этом сказали. Вы не одни: как можно скорее поговорите с учителем, куратором или близким человеком, которому доверяете. В любое время можно позвонить на национальную линию психологической помощи 12356 — там выслушают и помогут. Если вам угрожает непосредственная опасность, звоните 120 или 110.',
    },
  内容安全设置已保存: {
    'en-US': 'Content safety settings saved',
    'zh-TW': '內容安全設定已儲存',
    'ko-KR': '콘텐츠 안전 설정을 저장했습니다',
    'ru-RU': 'Настройки безопасности контента сохранены',
  },
  '已添加 {0} 个词': {
    'en-US': '{0} words added',
    'zh-TW': '已新增 {0} 個詞',
    'ko-KR': '단어 {0}개를 추가했습니다',
    'ru-RU': 'Добавлено слов: {0}',
  },
  词已删除: { 'en-US': 'Word deleted', 'zh-TW': '詞已刪除', 'ko-KR': '단어를 삭제했습니다', 'ru-RU': 'Слово удалено' },
  已加入白名单: { 'en-US': 'Added to the allowlist', 'zh-TW': '已加入白名單', 'ko-KR': '허용 목록에 추가했습니다', 'ru-RU': 'Добавлено в белый список' },
  白名单短语已删除: {
    'en-US': 'Allowlisted phrase deleted',
    'zh-TW': '白名單短語已刪除',
    'ko-KR': '허용 목록 문구를 삭제했습니다',
    'ru-RU': 'Фраза удалена из белого списка',
  },
  '已标记为非违规，并将短语加入白名单': {
    'en-US': 'Marked as not a violation; the phrase was added to the allowlist',
    'zh-TW': '已標記為非違規，並將短語加入白名單',
    'ko-KR': '위반 아님으로 표시하고 문구를 허용 목록에 추가했습니다',
    'ru-RU': 'Отмечено как не нарушение; фраза добавлена в белый список',
  },
  提醒已处理: { 'en-US': 'Alert handled', 'zh-TW': '提醒已處理', 'ko-KR': '알림을 처리했습니다', 'ru-RU': 'Оповещение обработано' },
  词不存在: { 'en-US': 'The word does not exist', 'zh-TW': '詞不存在', 'ko-KR': '단어가 없습니다', 'ru-RU': 'Слово не найдено' },
  记录不存在: { 'en-US': 'The record does not exist', 'zh-TW': '紀錄不存在', 'ko-KR': '기록이 없습니다', 'ru-RU': 'Запись не найдена' },
  提醒不存在: { 'en-US': 'The alert does not exist', 'zh-TW': '提醒不存在', 'ko-KR': '알림이 없습니다', 'ru-RU': 'Оповещение не найдено' },
  请至少填写一个词: {
    'en-US': 'Enter at least one word',
    'zh-TW': '請至少填寫一個詞',
    'ko-KR': '단어를 하나 이상 입력하세요',
    'ru-RU': 'Введите хотя бы одно слово',
  },
  '没有读到词：TXT 每行一个词，XLSX 第一列为词、第二列为类别': {
    'en-US': 'No words found: a TXT file has one word a line; an XLSX has the word in the first column and its category in the second',
    'zh-TW': '沒有讀到詞：TXT 每行一個詞，XLSX 第一欄為詞、第二欄為類別',
    'ko-KR': '단어를 읽지 못했습니다. TXT는 한 줄에 단어 하나, XLSX는 첫 열에 단어, 둘째 열에 분류입니다',
    'ru-RU': 'Слова не найдены: в TXT по одному слову в строке, в XLSX слово в первом столбце, категория во втором',
  },
  所选的审核模型不存在: {
    'en-US': 'The chosen guard model does not exist',
    'zh-TW': '所選的審核模型不存在',
    'ko-KR': '선택한 검토 모델이 없습니다',
    'ru-RU': 'Выбранная модель-модератор не найдена',
  },
};
