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
  白名单短语不存在: {
    'en-US': 'The allowlisted phrase does not exist',
    'zh-TW': '白名單短語不存在',
    'ko-KR': '허용 목록 문구가 없습니다',
    'ru-RU': 'Фраза белого списка не найдена',
  },
  '词表文件不能超过 10 MB': {
    'en-US': 'A word list file cannot exceed 10 MB',
    'zh-TW': '詞表檔案不能超過 10 MB',
    'ko-KR': '단어 목록 파일은 10MB를 넘을 수 없습니다',
    'ru-RU': 'Файл списка слов не может быть больше 10 МБ',
  },
  '词表只能是 TXT（每行一个词）或 Excel（.xlsx）文件': {
    'en-US': 'A word list must be a TXT file (one word a line) or an Excel (.xlsx) file',
    'zh-TW': '詞表只能是 TXT（每行一個詞）或 Excel（.xlsx）檔案',
    'ko-KR': '단어 목록은 TXT(한 줄에 단어 하나) 또는 Excel(.xlsx) 파일이어야 합니다',
    'ru-RU': 'Список слов должен быть файлом TXT (по слову в строке) или Excel (.xlsx)',
  },
  类别: { 'en-US': 'Category', 'zh-TW': '類別', 'ko-KR': '분류', 'ru-RU': 'Категория' },
  处理方式: { 'en-US': 'Action', 'zh-TW': '處理方式', 'ko-KR': '처리 방식', 'ru-RU': 'Действие' },
  词: { 'en-US': 'Word', 'zh-TW': '詞', 'ko-KR': '단어', 'ru-RU': 'Слово' },
  短语: { 'en-US': 'Phrase', 'zh-TW': '短語', 'ko-KR': '문구', 'ru-RU': 'Фраза' },
  心理辅导联系方式: { 'en-US': 'Counselling contact', 'zh-TW': '心理輔導聯絡方式', 'ko-KR': '심리 상담 연락처', 'ru-RU': 'Контакт психологической помощи' },
  检查回答: { 'en-US': 'Check answers', 'zh-TW': '檢查回答', 'ko-KR': '답변 검사', 'ru-RU': 'Проверять ответы' },
  提醒班级教师: { 'en-US': 'Alert class teachers', 'zh-TW': '提醒班級教師', 'ko-KR': '반 교사에게 알림', 'ru-RU': 'Оповещать преподавателей группы' },
  提醒管理员: { 'en-US': 'Alert managers', 'zh-TW': '提醒管理員', 'ko-KR': '관리자에게 알림', 'ru-RU': 'Оповещать менеджеров' },
  提醒手机号: { 'en-US': 'Alert phone number', 'zh-TW': '提醒手機號', 'ko-KR': '알림 휴대폰 번호', 'ru-RU': 'Телефон для оповещений' },
  审核模型: { 'en-US': 'Guard model', 'zh-TW': '審核模型', 'ko-KR': '검토 모델', 'ru-RU': 'Модель-модератор' },
  审核模型不可用时拒绝: {
    'en-US': 'Refuse when the guard model is unavailable',
    'zh-TW': '審核模型無法使用時拒絕',
    'ko-KR': '검토 모델을 쓸 수 없으면 거부',
    'ru-RU': 'Отказывать, если модель-модератор недоступна',
  },
  敏感词表: { 'en-US': 'Listed words', 'zh-TW': '敏感詞表', 'ko-KR': '금칙어 목록', 'ru-RU': 'Стоп-слова' },
  敏感词: { 'en-US': 'Listed words', 'zh-TW': '敏感詞', 'ko-KR': '금칙어', 'ru-RU': 'Стоп-слова' },
  内容安全记录: { 'en-US': 'Content safety records', 'zh-TW': '內容安全紀錄', 'ko-KR': '콘텐츠 안전 기록', 'ru-RU': 'Записи безопасности контента' },
  方向: { 'en-US': 'Direction', 'zh-TW': '方向', 'ko-KR': '방향', 'ru-RU': 'Направление' },
  命中: { 'en-US': 'Matched', 'zh-TW': '命中', 'ko-KR': '일치', 'ru-RU': 'Совпадение' },
  摘录: { 'en-US': 'Excerpt', 'zh-TW': '摘錄', 'ko-KR': '발췌', 'ru-RU': 'Фрагмент' },
  '内容安全检查暂时不可用，这个问题先不回答，请稍后再试。': {
    'en-US': 'The content safety check is unavailable right now, so this question is not answered. Please try again later.',
    'zh-TW': '內容安全檢查暫時無法使用，這個問題先不回答，請稍後再試。',
    'ko-KR': '지금은 콘텐츠 안전 검사를 쓸 수 없어 이 질문에 답하지 않습니다. 잠시 후 다시 시도해 주세요.',
    'ru-RU': 'Проверка безопасности контента сейчас недоступна, поэтому на этот вопрос ответа не будет. Попробуйте позже.',
  },
  云内容安全: { 'en-US': 'Cloud moderation', 'zh-TW': '雲端內容安全', 'ko-KR': '클라우드 콘텐츠 검토', 'ru-RU': 'Облачная модерация' },
  云内容安全不可用时拒绝: {
    'en-US': 'Refuse when cloud moderation is unavailable',
    'zh-TW': '雲端內容安全無法使用時拒絕',
    'ko-KR': '클라우드 검토를 쓸 수 없으면 거부',
    'ru-RU': 'Отказывать, если облачная модерация недоступна',
  },
  '云内容安全服务未配置，请先在服务器环境中设置阿里云内容安全的 AccessKey': {
    'en-US': 'Cloud moderation is not configured: set the Aliyun Content Moderation AccessKey in the server environment first',
    'zh-TW': '雲端內容安全服務未設定，請先在伺服器環境中設定阿里雲內容安全的 AccessKey',
    'ko-KR': '클라우드 검토가 설정되지 않았습니다. 먼저 서버 환경에 Aliyun 콘텐츠 검토 AccessKey를 설정하세요',
    'ru-RU': 'Облачная модерация не настроена: сначала задайте AccessKey Aliyun Content Moderation в окружении сервера',
  },
};
