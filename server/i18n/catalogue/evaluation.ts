// Tests and exams: writing questions (by hand, from files, by AI), building
// and publishing an evaluation, taking it, grading, and course evaluation.
import type { Catalogue } from './index.js';

export const evaluationMessages: Catalogue = {
  // Questions (a question's number comes first: 第 3 题：…)
  '第 {0} 题：{1}': { 'en-US': 'Question {0}: {1}', 'zh-TW': '第 {0} 題：{1}', 'ko-KR': '{0}번 문항: {1}', 'ru-RU': 'Вопрос {0}: {1}' },
  题干不能为空: {
    'en-US': 'The question text must not be empty',
    'zh-TW': '題幹不能為空',
    'ko-KR': '문제 내용을 입력해 주세요',
    'ru-RU': 'Текст вопроса не может быть пустым',
  },
  '分值应在 0 到 1000 之间': {
    'en-US': 'Points must be between 0 and 1000',
    'zh-TW': '分值應在 0 到 1000 之間',
    'ko-KR': '배점은 0에서 1000 사이여야 합니다',
    'ru-RU': 'Баллы должны быть от 0 до 1000',
  },
  选择题至少需要两个选项: {
    'en-US': 'A choice question needs at least two options',
    'zh-TW': '選擇題至少需要兩個選項',
    'ko-KR': '선택형 문항에는 보기가 두 개 이상 있어야 합니다',
    'ru-RU': 'В вопросе с выбором нужно не меньше двух вариантов',
  },
  选项不能为空: {
    'en-US': 'Options must not be empty',
    'zh-TW': '選項不能為空',
    'ko-KR': '보기 내용을 입력해 주세요',
    'ru-RU': 'Варианты ответа не могут быть пустыми',
  },
  只有选择题可以有选项: {
    'en-US': 'Only choice questions can have options',
    'zh-TW': '只有選擇題可以有選項',
    'ko-KR': '보기는 선택형 문항에만 넣을 수 있습니다',
    'ru-RU': 'Варианты ответа бывают только у вопросов с выбором',
  },
  '单选题的答案应是一个选项序号（从 0 开始）': {
    'en-US': 'The answer to a single-choice question must be one option number (counting from 0)',
    'zh-TW': '單選題的答案應是一個選項序號（從 0 開始）',
    'ko-KR': '단일 선택 문항의 정답은 보기 번호 하나여야 합니다(0부터 시작)',
    'ru-RU': 'Ответ на вопрос с одним выбором — один номер варианта (с 0)',
  },
  多选题的答案应是不重复的选项序号列表: {
    'en-US': 'The answer to a multiple-choice question must be a list of distinct option numbers',
    'zh-TW': '多選題的答案應是不重複的選項序號列表',
    'ko-KR': '복수 선택 문항의 정답은 중복되지 않는 보기 번호 목록이어야 합니다',
    'ru-RU': 'Ответ на вопрос с несколькими выборами — список разных номеров вариантов',
  },
  '判断题的答案应是 true 或 false': {
    'en-US': 'The answer to a true/false question must be true or false',
    'zh-TW': '判斷題的答案應是 true 或 false',
    'ko-KR': 'O/X 문항의 정답은 true 또는 false여야 합니다',
    'ru-RU': 'Ответ на вопрос «верно/неверно» — true или false',
  },
  填空题至少需要一个可接受的答案: {
    'en-US': 'A fill-in-the-blank question needs at least one accepted answer',
    'zh-TW': '填空題至少需要一個可接受的答案',
    'ko-KR': '빈칸 문항에는 인정되는 답이 하나 이상 있어야 합니다',
    'ru-RU': 'Для вопроса с пропуском нужен хотя бы один верный ответ',
  },
  简答题的参考答案应是文字: {
    'en-US': 'The model answer to a short-answer question must be text',
    'zh-TW': '簡答題的參考答案應是文字',
    'ko-KR': '서술형 문항의 모범 답안은 글이어야 합니다',
    'ru-RU': 'Образец ответа на открытый вопрос должен быть текстом',
  },
  '简答题需要评分量规（至少一条评分标准）': {
    'en-US': 'A short-answer question needs a rubric (at least one criterion)',
    'zh-TW': '簡答題需要評分量規（至少一條評分標準）',
    'ko-KR': '서술형 문항에는 채점 기준표(기준 하나 이상)가 필요합니다',
    'ru-RU': 'Для открытого вопроса нужна шкала оценки (хотя бы один критерий)',
  },
  '每条评分标准需要名称和大于 0 的分值': {
    'en-US': 'Each criterion needs a name and points greater than 0',
    'zh-TW': '每條評分標準需要名稱和大於 0 的分值',
    'ko-KR': '채점 기준마다 이름과 0보다 큰 배점이 필요합니다',
    'ru-RU': 'У каждого критерия должны быть название и баллы больше 0',
  },
  '评分标准分值之和（{0}）应等于题目分值（{1}）': {
    'en-US': 'The criteria add up to {0} points but the question is worth {1}',
    'zh-TW': '評分標準分值之和（{0}）應等於題目分值（{1}）',
    'ko-KR': '채점 기준 배점의 합({0})이 문항 배점({1})과 같아야 합니다',
    'ru-RU': 'Сумма баллов критериев ({0}) должна равняться баллам вопроса ({1})',
  },
  题目不存在或已删除: {
    'en-US': 'This question does not exist or was deleted',
    'zh-TW': '題目不存在或已刪除',
    'ko-KR': '문항이 없거나 삭제되었습니다',
    'ru-RU': 'Вопрос не существует или удалён',
  },
  没有要保存的题目: {
    'en-US': 'There are no questions to save',
    'zh-TW': '沒有要儲存的題目',
    'ko-KR': '저장할 문항이 없습니다',
    'ru-RU': 'Нет вопросов для сохранения',
  },
  '第 {0} 条抽题规则需要 {1} 道题，题库中只有 {2} 道符合': {
    'en-US': 'Draw rule {0} needs {1} questions, but only {2} in the bank match',
    'zh-TW': '第 {0} 條抽題規則需要 {1} 道題，題庫中只有 {2} 道符合',
    'ko-KR': '{0}번 출제 규칙에는 문항 {1}개가 필요하지만 문제 은행에 맞는 문항은 {2}개뿐입니다',
    'ru-RU': 'Правилу выбора {0} нужно вопросов: {1}, а в банке подходит только {2}',
  },

  // Importing questions from files and writing them with AI
  '文件里没有找到题目，请按模板或“1. 题干 A. … 答案：B”的格式整理': {
    'en-US': 'No questions were found in the file. Arrange it like the template or as “1. Question A. … Answer: B”',
    'zh-TW': '檔案裡沒有找到題目，請按範本或「1. 題幹 A. … 答案：B」的格式整理',
    'ko-KR': '파일에서 문항을 찾지 못했습니다. 템플릿이나 “1. 문제 A. … 답: B” 형식으로 정리해 주세요',
    'ru-RU': 'В файле не найдено вопросов. Оформите его по шаблону или как «1. Вопрос A. … Ответ: B»',
  },
  '已导入 {0} 道题': {
    'en-US': '{0} questions imported',
    'zh-TW': '已匯入 {0} 道題',
    'ko-KR': '문항 {0}개를 가져왔습니다',
    'ru-RU': 'Импортировано вопросов: {0}',
  },
  '有 {0} 道题需要修改，未导入任何题目': {
    'en-US': '{0} questions need fixing, so nothing was imported',
    'zh-TW': '有 {0} 道題需要修改，未匯入任何題目',
    'ko-KR': '수정이 필요한 문항이 {0}개 있어 아무것도 가져오지 않았습니다',
    'ru-RU': 'Нужно исправить вопросов: {0}, поэтому ничего не импортировано',
  },
  预览: { 'en-US': 'Preview', 'zh-TW': '預覽', 'ko-KR': '미리 보기', 'ru-RU': 'Предпросмотр' },
  '只能导入 Word（.docx）、Excel（.xlsx）、CSV 或文本文件': {
    'en-US': 'Only Word (.docx), Excel (.xlsx), CSV or text files can be imported',
    'zh-TW': '只能匯入 Word（.docx）、Excel（.xlsx）、CSV 或文字檔',
    'ko-KR': 'Word(.docx), Excel(.xlsx), CSV 또는 텍스트 파일만 가져올 수 있습니다',
    'ru-RU': 'Импортировать можно только файлы Word (.docx), Excel (.xlsx), CSV или текст',
  },
  '文件不存在，请重新上传': {
    'en-US': 'The file does not exist. Please upload it again',
    'zh-TW': '檔案不存在，請重新上傳',
    'ko-KR': '파일이 없습니다. 다시 업로드해 주세요',
    'ru-RU': 'Файл не найден. Загрузите его заново',
  },
  '题目文件不能超过 5 MB': {
    'en-US': 'A question file must not be larger than 5 MB',
    'zh-TW': '題目檔案不能超過 5 MB',
    'ko-KR': '문항 파일은 5MB를 넘을 수 없습니다',
    'ru-RU': 'Файл с вопросами не может быть больше 5 МБ',
  },
  '文件无法读取：{0}': {
    'en-US': 'The file could not be read: {0}',
    'zh-TW': '檔案無法讀取：{0}',
    'ko-KR': '파일을 읽을 수 없습니다: {0}',
    'ru-RU': 'Не удалось прочитать файл: {0}',
  },
  '文件已损坏或格式无法识别，请按模板整理后再导入': {
    'en-US': 'The file is damaged or its format is not recognised. Arrange it like the template and import again',
    'zh-TW': '檔案已損壞或格式無法辨識，請按範本整理後再匯入',
    'ko-KR': '파일이 손상되었거나 형식을 알 수 없습니다. 템플릿에 맞게 정리한 뒤 다시 가져와 주세요',
    'ru-RU': 'Файл повреждён или его формат не распознан. Оформите его по шаблону и импортируйте снова',
  },
  所选课时不在这门课程中: {
    'en-US': 'The chosen lesson is not in this course',
    'zh-TW': '所選課時不在這門課程中',
    'ko-KR': '선택한 차시가 이 과정에 없습니다',
    'ru-RU': 'Выбранный урок не входит в этот курс',
  },
  '请选择课时、知识库或填写主题': {
    'en-US': 'Choose a lesson or knowledge base, or enter a topic',
    'zh-TW': '請選擇課時、知識庫或填寫主題',
    'ko-KR': '차시나 지식 베이스를 선택하거나 주제를 입력해 주세요',
    'ru-RU': 'Выберите урок или базу знаний либо укажите тему',
  },
  '由内置离线引擎根据原文关键词生成的填空题，请核对后再保存。': {
    'en-US': 'A fill-in-the-blank question written by the built-in offline engine from key terms of the text. Check it before saving',
    'zh-TW': '由內建離線引擎根據原文關鍵詞生成的填空題，請核對後再儲存。',
    'ko-KR': '내장 오프라인 엔진이 원문 키워드로 만든 빈칸 문항입니다. 저장하기 전에 확인해 주세요.',
    'ru-RU': 'Вопрос с пропуском составлен встроенным офлайн-движком по ключевым словам текста. Проверьте его перед сохранением',
  },
  '有一道题的格式无法读取，已跳过': {
    'en-US': 'A question could not be read and was skipped',
    'zh-TW': '有一道題的格式無法讀取，已略過',
    'ko-KR': '형식을 읽을 수 없는 문항 하나를 건너뛰었습니다',
    'ru-RU': 'Один вопрос не удалось прочитать, он пропущен',
  },
  '生成了未要求的题型（{0}），已跳过': {
    'en-US': 'A question of a type that was not asked for ({0}) was skipped',
    'zh-TW': '生成了未要求的題型（{0}），已略過',
    'ko-KR': '요청하지 않은 유형({0})의 문항을 건너뛰었습니다',
    'ru-RU': 'Пропущен вопрос типа, который не запрашивался ({0})',
  },
  '有一道题不完整（{0}），已跳过': {
    'en-US': 'An incomplete question ({0}) was skipped',
    'zh-TW': '有一道題不完整（{0}），已略過',
    'ko-KR': '불완전한 문항 하나({0})를 건너뛰었습니다',
    'ru-RU': 'Пропущен неполный вопрос ({0})',
  },
  '有一道题没有注明出自哪段材料，已跳过': {
    'en-US': 'A question that did not say which passage it came from was skipped',
    'zh-TW': '有一道題沒有註明出自哪段材料，已略過',
    'ko-KR': '어느 자료에서 나왔는지 밝히지 않은 문항 하나를 건너뛰었습니다',
    'ru-RU': 'Пропущен вопрос без указания, из какого фрагмента он взят',
  },
  '出题中断了，请稍后重试': {
    'en-US': 'Writing questions was interrupted. Please try again later',
    'zh-TW': '出題中斷了，請稍後重試',
    'ko-KR': '출제가 중단되었습니다. 잠시 후 다시 시도해 주세요',
    'ru-RU': 'Составление вопросов прервано. Попробуйте позже',
  },
  '除由原文关键词生成的填空题外，AI 出题需要学校接入语言模型': {
    'en-US': 'Apart from fill-in-the-blank questions built from keywords in the text, AI questions need a language model connected by the school',
    'zh-TW': '除由原文關鍵詞生成的填空題外，AI 出題需要學校接入語言模型',
    'ko-KR': '원문 키워드로 만드는 빈칸 문항 외에 AI 출제는 학교에서 언어 모델을 연결해야 합니다',
    'ru-RU': 'Кроме вопросов с пропусками по ключевым словам текста, для вопросов от ИИ школа должна подключить языковую модель',
  },

  // Building and publishing an evaluation
  请填写测评名称: { 'en-US': 'Enter a name for the test', 'zh-TW': '請填寫測評名稱', 'ko-KR': '평가 이름을 입력해 주세요', 'ru-RU': 'Укажите название теста' },
  截止时间应晚于开始时间: {
    'en-US': 'The deadline must be later than the start time',
    'zh-TW': '截止時間應晚於開始時間',
    'ko-KR': '마감 시간은 시작 시간보다 늦어야 합니다',
    'ru-RU': 'Срок сдачи должен быть позже начала',
  },
  '一份测评最多 200 道题': {
    'en-US': 'A test can have at most 200 questions',
    'zh-TW': '一份測評最多 200 道題',
    'ko-KR': '평가 하나에는 문항을 최대 200개까지 넣을 수 있습니다',
    'ru-RU': 'В тесте может быть не больше 200 вопросов',
  },
  只能把测评发布给本课程的班级: {
    'en-US': 'A test can only be published to classes of this course',
    'zh-TW': '只能把測評發佈給本課程的班級',
    'ko-KR': '평가는 이 과정의 반에만 공개할 수 있습니다',
    'ru-RU': 'Тест можно опубликовать только для классов этого курса',
  },
  已发布的测评不能更改类型: {
    'en-US': 'The type of a published test cannot be changed',
    'zh-TW': '已發佈的測評不能更改類型',
    'ko-KR': '공개된 평가는 유형을 바꿀 수 없습니다',
    'ru-RU': 'Тип опубликованного теста изменить нельзя',
  },
  测评状态不能这样变更: {
    'en-US': 'The test cannot change to that state',
    'zh-TW': '測評狀態不能這樣變更',
    'ko-KR': '평가 상태를 이렇게 바꿀 수 없습니다',
    'ru-RU': 'Тест нельзя перевести в это состояние',
  },
  '测评还没有题目，不能发布': {
    'en-US': 'The test has no questions yet, so it cannot be published',
    'zh-TW': '測評還沒有題目，不能發佈',
    'ko-KR': '평가에 아직 문항이 없어 공개할 수 없습니다',
    'ru-RU': 'В тесте ещё нет вопросов, опубликовать его нельзя',
  },
  测评还未发布: {
    'en-US': 'The test has not been published yet',
    'zh-TW': '測評還未發佈',
    'ko-KR': '평가가 아직 공개되지 않았습니다',
    'ru-RU': 'Тест ещё не опубликован',
  },
  '已有学生作答的测评不能删除，可以关闭它': {
    'en-US': 'Students have already answered this test, so it cannot be deleted. You can close it instead',
    'zh-TW': '已有學生作答的測評不能刪除，可以關閉它',
    'ko-KR': '이미 학생이 응시한 평가는 삭제할 수 없습니다. 대신 닫을 수 있습니다',
    'ru-RU': 'Студенты уже отвечали на этот тест, удалить его нельзя. Его можно закрыть',
  },
  测评已创建: { 'en-US': 'Test created', 'zh-TW': '測評已建立', 'ko-KR': '평가를 만들었습니다', 'ru-RU': 'Тест создан' },
  测评已发布: { 'en-US': 'Test published', 'zh-TW': '測評已發佈', 'ko-KR': '평가를 공개했습니다', 'ru-RU': 'Тест опубликован' },
  测评已关闭: { 'en-US': 'Test closed', 'zh-TW': '測評已關閉', 'ko-KR': '평가를 닫았습니다', 'ru-RU': 'Тест закрыт' },

  // Taking and grading
  '第 {0} 题的答案格式不对': {
    'en-US': 'The answer to question {0} has the wrong format',
    'zh-TW': '第 {0} 題的答案格式不對',
    'ko-KR': '{0}번 문항의 답 형식이 올바르지 않습니다',
    'ru-RU': 'Ответ на вопрос {0} в неверном формате',
  },
  作答记录不存在: { 'en-US': 'This attempt does not exist', 'zh-TW': '作答紀錄不存在', 'ko-KR': '응시 기록이 없습니다', 'ru-RU': 'Такой попытки нет' },
  '「{0}」的得分应在 0 到 {1} 之间': {
    'en-US': 'The score for “{0}” must be between 0 and {1}',
    'zh-TW': '「{0}」的得分應在 0 到 {1} 之間',
    'ko-KR': '“{0}” 점수는 0에서 {1} 사이여야 합니다',
    'ru-RU': 'Оценка по «{0}» должна быть от 0 до {1}',
  },
  学生还没有提交: {
    'en-US': 'The student has not submitted yet',
    'zh-TW': '學生還沒有提交',
    'ko-KR': '학생이 아직 제출하지 않았습니다',
    'ru-RU': 'Студент ещё не сдал работу',
  },
  题目不在这次作答中: {
    'en-US': 'This question is not part of this attempt',
    'zh-TW': '題目不在這次作答中',
    'ko-KR': '이 문항은 이번 응시에 포함되지 않습니다',
    'ru-RU': 'Этого вопроса нет в этой попытке',
  },
  '得分应在 0 到 {0} 之间': {
    'en-US': 'The score must be between 0 and {0}',
    'zh-TW': '得分應在 0 到 {0} 之間',
    'ko-KR': '점수는 0에서 {0} 사이여야 합니다',
    'ru-RU': 'Оценка должна быть от 0 до {0}',
  },

  // Course evaluation
  评价指标已保存: {
    'en-US': 'Evaluation criteria saved',
    'zh-TW': '評價指標已儲存',
    'ko-KR': '평가 지표를 저장했습니다',
    'ru-RU': 'Показатели оценки сохранены',
  },
  至少需要一项评价指标: {
    'en-US': 'At least one evaluation criterion is needed',
    'zh-TW': '至少需要一項評價指標',
    'ko-KR': '평가 지표가 하나 이상 필요합니다',
    'ru-RU': 'Нужен хотя бы один показатель оценки',
  },
  '各项指标的权重之和应为 100（现在是 {0}）': {
    'en-US': 'The weights of the criteria must add up to 100 (they add up to {0} now)',
    'zh-TW': '各項指標的權重之和應為 100（現在是 {0}）',
    'ko-KR': '지표 가중치의 합은 100이어야 합니다(현재 {0})',
    'ru-RU': 'Сумма весов показателей должна быть 100 (сейчас {0})',
  },
  指标名称不能重复: {
    'en-US': 'Criterion names must not repeat',
    'zh-TW': '指標名稱不能重複',
    'ko-KR': '지표 이름은 중복될 수 없습니다',
    'ru-RU': 'Названия показателей не должны повторяться',
  },
  '评价指标不存在，请刷新后重试': {
    'en-US': 'This evaluation criterion does not exist. Refresh and try again',
    'zh-TW': '評價指標不存在，請重新整理後重試',
    'ko-KR': '평가 지표가 없습니다. 새로 고친 뒤 다시 시도해 주세요',
    'ru-RU': 'Такого показателя нет. Обновите страницу и попробуйте снова',
  },
  题目已加入题库: {
    'en-US': 'Question added to the bank',
    'zh-TW': '題目已加入題庫',
    'ko-KR': '문항을 문제 은행에 추가했습니다',
    'ru-RU': 'Вопрос добавлен в банк',
  },
  题目已删除: { 'en-US': 'Question deleted', 'zh-TW': '題目已刪除', 'ko-KR': '문항을 삭제했습니다', 'ru-RU': 'Вопрос удалён' },
  已自动保存: { 'en-US': 'Saved automatically', 'zh-TW': '已自動儲存', 'ko-KR': '자동 저장했습니다', 'ru-RU': 'Сохранено автоматически' },
  已交卷: { 'en-US': 'Answers handed in', 'zh-TW': '已交卷', 'ko-KR': '답안을 제출했습니다', 'ru-RU': 'Работа сдана' },
};
