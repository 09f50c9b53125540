// The names, descriptions and greetings of the assistants and form apps every
// installation starts with (migration 0003), in the other languages. Looked up
// only for a system assistant and by its zh-CN text as seeded, so a school that
// rewrote one keeps its own words (server/modules/assistants/seeded-words.ts).
import type { Catalogue } from './index.js';

export const seededAssistantWords: Catalogue = {
  教案设计助手: { 'en-US': 'Lesson plan designer', 'zh-TW': '教案設計助手', 'ko-KR': '교안 설계 도우미', 'ru-RU': 'Конструктор планов урока' },
  '按职业院校“教学做一体化”要求编写教案：目标、重难点、教学过程、实训安排和评价。': {
    'en-US': 'Writes lesson plans that join teaching, learning and practice: goals, key and hard points, the lesson, workshop practice and assessment.',
    'zh-TW': '按職業院校「教學做一體化」要求編寫教案：目標、重難點、教學過程、實訓安排和評價。',
    'ko-KR': '직업학교의 ‘교수·학습·실습 일체화’ 방식으로 교안을 작성합니다: 목표, 핵심과 난점, 수업 과정, 실습 계획, 평가.',
    'ru-RU': 'Пишет планы уроков, где теория и практика едины: цели, ключевые и трудные места, ход урока, практикум и оценивание.',
  },
  '您好！我是教案设计助手。告诉我课程名称、面向的专业和年级、学时，以及这次课想让学生学会什么，我来帮您写一份可以直接上课用的教案。': {
    'en-US':
      "Hello! I'm the lesson plan designer. Tell me the course, the programme and year, the hours, and what students should learn, and I'll write a lesson plan you can teach from right away.",
    'zh-TW': '您好！我是教案設計助手。告訴我課程名稱、面向的專業和年級、學時，以及這次課想讓學生學會什麼，我來幫您寫一份可以直接上課用的教案。',
    'ko-KR':
      '안녕하세요! 교안 설계 도우미입니다. 과목명, 대상 전공과 학년, 시수, 이번 수업에서 학생이 배울 내용을 알려 주시면 바로 수업에 쓸 수 있는 교안을 작성해 드립니다.',
    'ru-RU':
      'Здравствуйте! Я конструктор планов урока. Назовите курс, специальность и год обучения, число часов и чему должны научиться студенты, и я напишу план, по которому можно сразу вести урок.',
  },
  命题出题助手: { 'en-US': 'Question writer', 'zh-TW': '命題出題助手', 'ko-KR': '출제 도우미', 'ru-RU': 'Составитель заданий' },
  '按知识点和难度出单选、多选、判断、填空、简答与实操题，附答案与解析。': {
    'en-US':
      'Writes single and multiple choice, true/false, fill-in, short-answer and practical questions by topic and difficulty, with answers and explanations.',
    'zh-TW': '按知識點和難度出單選、多選、判斷、填空、簡答與實操題，附答案與解析。',
    'ko-KR': '지식 요소와 난이도에 맞춰 단일·다중 선택, 참거짓, 빈칸, 단답형, 실기 문제를 정답과 해설과 함께 출제합니다.',
    'ru-RU':
      'Составляет задания с одним и несколькими ответами, верно/неверно, на заполнение пропусков, с кратким ответом и практические — по темам и сложности, с ответами и разбором.',
  },
  '您好！我是命题出题助手。请告诉我考查的知识点、题型、题量和难度，我来出题并附上答案解析。': {
    'en-US':
      "Hello! I'm the question writer. Tell me the topics, question types, how many and how hard, and I'll write the questions with answers and explanations.",
    'zh-TW': '您好！我是命題出題助手。請告訴我考查的知識點、題型、題量和難度，我來出題並附上答案解析。',
    'ko-KR': '안녕하세요! 출제 도우미입니다. 평가할 지식 요소, 문제 유형, 문항 수와 난이도를 알려 주시면 정답과 해설을 붙여 출제해 드립니다.',
    'ru-RU': 'Здравствуйте! Я составитель заданий. Назовите темы, типы заданий, их число и сложность, и я составлю задания с ответами и разбором.',
  },
  作文与实训报告点评: {
    'en-US': 'Essay and lab report reviewer',
    'zh-TW': '作文與實訓報告點評',
    'ko-KR': '작문·실습 보고서 첨삭',
    'ru-RU': 'Рецензент сочинений и отчётов',
  },
  '点评学生的作文、实训报告和实习总结：给分项评价、具体修改建议和示范改写。': {
    'en-US': "Reviews students' essays, lab reports and internship summaries: a rating per aspect, concrete suggestions and sample rewrites.",
    'zh-TW': '點評學生的作文、實訓報告和實習總結：給分項評價、具體修改建議和示範改寫。',
    'ko-KR': '학생의 작문, 실습 보고서, 현장실습 총결을 첨삭합니다: 항목별 평가, 구체적인 수정 제안, 고쳐 쓴 예시.',
    'ru-RU': 'Рецензирует сочинения, отчёты по практикуму и итоги стажировки: оценка по пунктам, конкретные советы и примеры правки.',
  },
  '你好！把你的作文、实训报告或实习总结粘贴过来，我会指出亮点、分项点评，并给出具体的修改建议。': {
    'en-US':
      "Hi! Paste your essay, lab report or internship summary, and I'll point out its strengths, review it aspect by aspect and suggest concrete changes.",
    'zh-TW': '你好！把你的作文、實訓報告或實習總結貼過來，我會指出亮點、分項點評，並給出具體的修改建議。',
    'ko-KR': '안녕하세요! 작문, 실습 보고서, 현장실습 총결을 붙여 넣어 주세요. 좋은 점을 짚고 항목별로 평가한 뒤 구체적인 수정 제안을 드릴게요.',
    'ru-RU':
      'Привет! Вставь сюда сочинение, отчёт по практикуму или итоги стажировки: я отмечу сильные стороны, разберу по пунктам и предложу конкретные правки.',
  },
  安全生产导师: { 'en-US': 'Workplace safety tutor', 'zh-TW': '安全生產導師', 'ko-KR': '산업 안전 멘토', 'ru-RU': 'Наставник по охране труда' },
  '讲解实训室与岗位安全规范、危险源辨识、个人防护和应急处置，并出安全小测验。': {
    'en-US': 'Explains safety rules for workshops and jobs, hazard spotting, protective equipment and emergency response, and sets short safety quizzes.',
    'zh-TW': '講解實訓室與崗位安全規範、危險源辨識、個人防護和應急處置，並出安全小測驗。',
    'ko-KR': '실습실과 직무 현장의 안전 수칙, 위험 요소 식별, 개인 보호, 비상 대응을 설명하고 안전 퀴즈를 냅니다.',
    'ru-RU':
      'Объясняет правила безопасности в мастерских и на рабочих местах, выявление опасностей, средства защиты и действия в аварийной ситуации, проводит короткие тесты.',
  },
  '你好！我是安全生产导师。无论是进实训室前的准备、某台设备的安全操作，还是发生意外时怎么处置，都可以问我。安全无小事，我们认真对待每一个细节。': {
    'en-US':
      "Hi! I'm your workplace safety tutor. Ask me how to prepare before entering the workshop, how to run a machine safely, or what to do when something goes wrong. In safety no detail is small, so let's take each one seriously.",
    'zh-TW': '你好！我是安全生產導師。無論是進實訓室前的準備、某台設備的安全操作，還是發生意外時怎麼處置，都可以問我。安全無小事，我們認真對待每一個細節。',
    'ko-KR':
      '안녕하세요! 산업 안전 멘토입니다. 실습실에 들어가기 전 준비, 장비의 안전한 조작, 사고가 났을 때의 대처까지 무엇이든 물어보세요. 안전에 사소한 일은 없으니 하나하나 꼼꼼히 살펴봐요.',
    'ru-RU':
      'Привет! Я наставник по охране труда. Спрашивай, как подготовиться к работе в мастерской, как безопасно работать на станке или что делать при происшествии. В безопасности мелочей нет, поэтому отнесёмся серьёзно к каждой.',
  },
  职业生涯规划顾问: { 'en-US': 'Career planning adviser', 'zh-TW': '職業生涯規劃顧問', 'ko-KR': '진로 설계 상담사', 'ru-RU': 'Консультант по карьере' },
  '结合专业、兴趣和地区产业，帮学生认识岗位、规划证书与升学就业路径。': {
    'en-US': 'Helps students learn about jobs and plan certificates, further study and employment, from their programme, interests and local industry.',
    'zh-TW': '結合專業、興趣和地區產業，幫學生認識崗位、規劃證照與升學就業路徑。',
    'ko-KR': '전공, 관심사, 지역 산업을 바탕으로 학생이 직무를 이해하고 자격증, 진학, 취업 경로를 설계하도록 돕습니다.',
    'ru-RU': 'Помогает студентам узнать профессии и спланировать сертификаты, дальнейшую учёбу и работу с учётом специальности, интересов и отраслей региона.',
  },
  '你好！我是你的职业生涯规划顾问。先聊聊你学的专业、读几年级、对什么感兴趣，我们一起把未来几年的路规划清楚。': {
    'en-US': "Hi! I'm your career planning adviser. Tell me your programme, your year and what interests you, and together we'll map out the next few years.",
    'zh-TW': '你好！我是你的職業生涯規劃顧問。先聊聊你學的專業、讀幾年級、對什麼感興趣，我們一起把未來幾年的路規劃清楚。',
    'ko-KR': '안녕하세요! 진로 설계 상담사입니다. 전공, 학년, 관심 분야부터 이야기해 주세요. 앞으로 몇 년의 길을 함께 계획해 봐요.',
    'ru-RU': 'Привет! Я твой консультант по карьере. Расскажи о специальности, курсе и своих интересах, и вместе распланируем ближайшие годы.',
  },
  简历与面试教练: {
    'en-US': 'Resume and interview coach',
    'zh-TW': '履歷與面試教練',
    'ko-KR': '이력서·면접 코치',
    'ru-RU': 'Тренер по резюме и собеседованиям',
  },
  '修改实习和求职简历，模拟岗位面试并逐题点评。': {
    'en-US': 'Improves resumes for internships and jobs, and runs mock interviews with feedback on every answer.',
    'zh-TW': '修改實習和求職履歷，模擬崗位面試並逐題點評。',
    'ko-KR': '실습·구직 이력서를 다듬고 모의 면접을 진행하며 답변마다 피드백합니다.',
    'ru-RU': 'Правит резюме для стажировки и работы, проводит пробные собеседования с разбором каждого ответа.',
  },
  '你好！想改简历还是练面试？告诉我你想应聘的岗位，我们马上开始。': {
    'en-US': "Hi! Want to polish your resume or practise an interview? Tell me the job you're applying for and we'll start right away.",
    'zh-TW': '你好！想改履歷還是練面試？告訴我你想應徵的崗位，我們馬上開始。',
    'ko-KR': '안녕하세요! 이력서를 고칠까요, 면접을 연습할까요? 지원하려는 직무를 알려 주시면 바로 시작할게요.',
    'ru-RU': 'Привет! Поправим резюме или потренируемся к собеседованию? Назови должность, на которую претендуешь, и начнём.',
  },
  课堂活动设计师: {
    'en-US': 'Classroom activity designer',
    'zh-TW': '課堂活動設計師',
    'ko-KR': '수업 활동 디자이너',
    'ru-RU': 'Конструктор учебных активностей',
  },
  '设计小组任务、情境导入、课堂游戏和分层练习，让课堂动起来。': {
    'en-US': 'Designs group tasks, scenario openers, classroom games and tiered exercises to bring lessons to life.',
    'zh-TW': '設計小組任務、情境導入、課堂遊戲和分層練習，讓課堂動起來。',
    'ko-KR': '모둠 과제, 상황 도입, 수업 놀이, 수준별 연습을 설계해 수업에 활기를 더합니다.',
    'ru-RU': 'Придумывает групповые задания, вводные ситуации, игры и разноуровневые упражнения, чтобы урок ожил.',
  },
  '您好！想让哪节课更有参与感？告诉我知识点、时长和学生情况，我来设计课堂活动。': {
    'en-US': "Hello! Which lesson would you like students to take part in more? Tell me the topic, the time and your students, and I'll design the activities.",
    'zh-TW': '您好！想讓哪節課更有參與感？告訴我知識點、時長和學生情況，我來設計課堂活動。',
    'ko-KR': '안녕하세요! 어느 수업의 참여를 높이고 싶으신가요? 지식 요소, 시간, 학생 상황을 알려 주시면 수업 활동을 설계해 드립니다.',
    'ru-RU': 'Здравствуйте! Какой урок сделать живее? Назовите тему, продолжительность и расскажите о студентах, и я придумаю активности.',
  },
  实训指导书编写助手: {
    'en-US': 'Practical training guide writer',
    'zh-TW': '實訓指導書編寫助手',
    'ko-KR': '실습 지도서 작성 도우미',
    'ru-RU': 'Составитель методичек к практикуму',
  },
  '编写实训项目任务书与指导书：任务描述、设备清单、操作步骤、安全规范和考核标准。': {
    'en-US': 'Writes task sheets and guides for practical training: the task, equipment list, steps, safety rules and assessment criteria.',
    'zh-TW': '編寫實訓項目任務書與指導書：任務描述、設備清單、操作步驟、安全規範和考核標準。',
    'ko-KR': '실습 과제서와 지도서를 작성합니다: 과제 설명, 장비 목록, 작업 절차, 안전 수칙, 평가 기준.',
    'ru-RU':
      'Пишет задания и методические указания к практикуму: описание задачи, перечень оборудования, порядок действий, правила безопасности и критерии оценки.',
  },
  '您好！请告诉我实训项目名称、使用的设备和学时，我来编写一份结构完整的实训指导书。': {
    'en-US': "Hello! Tell me the name of the training project, the equipment and the hours, and I'll write a complete, well-structured guide.",
    'zh-TW': '您好！請告訴我實訓項目名稱、使用的設備和學時，我來編寫一份結構完整的實訓指導書。',
    'ko-KR': '안녕하세요! 실습 과제명, 사용하는 장비, 시수를 알려 주시면 구성이 완전한 실습 지도서를 작성해 드립니다.',
    'ru-RU': 'Здравствуйте! Назовите практическую работу, оборудование и число часов, и я составлю полные методические указания.',
  },
  专业课答疑助教: { 'en-US': 'Subject tutor', 'zh-TW': '專業課答疑助教', 'ko-KR': '전공 질의응답 조교', 'ru-RU': 'Помощник по спецпредметам' },
  '用通俗的语言和生活中的例子讲清专业概念，配合练习巩固。': {
    'en-US': 'Explains subject concepts in plain words with everyday examples, and follows up with practice.',
    'zh-TW': '用通俗的語言和生活中的例子講清專業概念，配合練習鞏固。',
    'ko-KR': '쉬운 말과 생활 속 예로 전공 개념을 풀어 설명하고 연습으로 다집니다.',
    'ru-RU': 'Объясняет понятия спецпредметов простыми словами и на примерах из жизни, закрепляет упражнениями.',
  },
  '你好！专业课上有哪里没听懂？把问题发给我，我用最好懂的方式讲给你听。': {
    'en-US': "Hi! Something in class you didn't follow? Send me your question and I'll explain it as simply as I can.",
    'zh-TW': '你好！專業課上有哪裡沒聽懂？把問題發給我，我用最好懂的方式講給你聽。',
    'ko-KR': '안녕하세요! 전공 수업에서 이해가 안 된 부분이 있나요? 질문을 보내 주면 가장 알기 쉽게 설명해 줄게요.',
    'ru-RU': 'Привет! Что-то на занятии осталось непонятным? Пришли вопрос, и я объясню как можно проще.',
  },
  职场英语助手: { 'en-US': 'Workplace English helper', 'zh-TW': '職場英語助手', 'ko-KR': '직장 영어 도우미', 'ru-RU': 'Помощник по деловому английскому' },
  '专业术语中英对照、设备说明书翻译、岗位英语对话练习。': {
    'en-US': 'Chinese–English technical terms, translating equipment manuals, and practising English conversations for the job.',
    'zh-TW': '專業術語中英對照、設備說明書翻譯、崗位英語對話練習。',
    'ko-KR': '전문 용어 중영 대조, 장비 설명서 번역, 직무 영어 회화 연습.',
    'ru-RU': 'Китайско-английские термины, перевод инструкций к оборудованию и тренировка рабочих диалогов на английском.',
  },
  'Hello! 我是职场英语助手。可以帮你翻译说明书、解释专业术语，或者陪你练习岗位英语对话。': {
    'en-US':
      "Hello! I'm the workplace English helper. I can translate manuals, explain technical terms, or practise English conversations for your job with you.",
    'zh-TW': 'Hello! 我是職場英語助手。可以幫你翻譯說明書、解釋專業術語，或者陪你練習崗位英語對話。',
    'ko-KR': 'Hello! 직장 영어 도우미입니다. 설명서 번역, 전문 용어 설명, 직무 영어 회화 연습을 도와드릴게요.',
    'ru-RU': 'Hello! Я помощник по деловому английскому. Могу перевести инструкцию, объяснить термины или потренироваться с тобой в рабочих диалогах.',
  },
  设备故障排查探究: {
    'en-US': 'Equipment fault-finding inquiry',
    'zh-TW': '設備故障排查探究',
    'ko-KR': '장비 고장 진단 탐구',
    'ru-RU': 'Исследование: поиск неисправностей',
  },
  '苏格拉底式引导：通过一步步提问，带你自己找出电气和机械故障的原因。': {
    'en-US': 'Socratic guidance: step-by-step questions that lead you to find the cause of electrical and mechanical faults yourself.',
    'zh-TW': '蘇格拉底式引導：透過一步步提問，帶你自己找出電氣和機械故障的原因。',
    'ko-KR': '소크라테스식 안내: 단계별 질문으로 전기·기계 고장의 원인을 스스로 찾도록 이끕니다.',
    'ru-RU': 'Сократовский метод: вопросы шаг за шагом помогут самому найти причину электрической или механической неисправности.',
  },
  '你好！这是一次探究式练习：我不会直接告诉你答案，而是通过提问陪你一步步找到故障原因。先说说，你遇到的设备出现了什么现象？': {
    'en-US':
      "Hi! This is an inquiry exercise: I won't give you the answer, but I'll ask questions that help you find the cause of the fault step by step. First, what is the equipment doing?",
    'zh-TW': '你好！這是一次探究式練習：我不會直接告訴你答案，而是透過提問陪你一步步找到故障原因。先說說，你遇到的設備出現了什麼現象？',
    'ko-KR':
      '안녕하세요! 이번은 탐구형 연습이에요. 답을 바로 알려 주지 않고 질문을 통해 고장 원인을 한 단계씩 함께 찾아갈게요. 먼저, 장비에 어떤 현상이 나타났나요?',
    'ru-RU':
      'Привет! Это исследовательское упражнение: я не дам готовый ответ, а вопросами помогу шаг за шагом найти причину неисправности. Для начала: что происходит с оборудованием?',
  },
  应用数学探究: { 'en-US': 'Applied maths inquiry', 'zh-TW': '應用數學探究', 'ko-KR': '응용 수학 탐구', 'ru-RU': 'Исследование: прикладная математика' },
  '从岗位中的真实问题出发，引导你自己建立数学模型并求解。': {
    'en-US': 'Starts from real problems at work and guides you to build and solve the mathematical model yourself.',
    'zh-TW': '從崗位中的真實問題出發，引導你自己建立數學模型並求解。',
    'ko-KR': '직무 현장의 실제 문제에서 출발해 스스로 수학 모델을 세우고 풀도록 안내합니다.',
    'ru-RU': 'Отталкивается от реальных рабочих задач и помогает самому построить математическую модель и решить её.',
  },
  '你好！把你遇到的数学应用题发给我。我们一起拆解它：先找出已知什么、要求什么，然后由你来一步步解出来。': {
    'en-US':
      "Hi! Send me the word problem you're stuck on. We'll take it apart together: first what is given and what is asked, then you solve it step by step.",
    'zh-TW': '你好！把你遇到的數學應用題發給我。我們一起拆解它：先找出已知什麼、要求什麼，然後由你來一步步解出來。',
    'ko-KR': '안녕하세요! 막힌 수학 응용 문제를 보내 주세요. 무엇이 주어졌고 무엇을 구해야 하는지 함께 나눠 본 뒤, 한 단계씩 직접 풀어 봐요.',
    'ru-RU': 'Привет! Пришли текстовую задачу, на которой застрял. Разберём её вместе: сначала что дано и что найти, а потом ты решишь её шаг за шагом.',
  },
  岗位情境案例探究: {
    'en-US': 'Workplace case inquiry',
    'zh-TW': '崗位情境案例探究',
    'ko-KR': '직무 상황 사례 탐구',
    'ru-RU': 'Исследование: рабочие ситуации',
  },
  '在护理、商务、服务等岗位情境里，通过提问引导你分析案例、做出判断。': {
    'en-US': 'In nursing, business, service and other workplace scenarios, questions guide you to analyse the case and make a judgement.',
    'zh-TW': '在護理、商務、服務等崗位情境裡，透過提問引導你分析案例、做出判斷。',
    'ko-KR': '간호, 비즈니스, 서비스 등의 직무 상황에서 질문으로 사례를 분석하고 판단하도록 이끕니다.',
    'ru-RU': 'В ситуациях из медицины, бизнеса, сферы услуг и других профессий вопросы помогают разобрать случай и принять решение.',
  },
  '你好！我们来做一次岗位情境探究。你可以告诉我你的专业，我给你一个真实的工作情境；也可以直接描述你想分析的案例。': {
    'en-US':
      "Hi! Let's work through a workplace scenario. Tell me your programme and I'll give you a real situation from the job, or describe a case you'd like to analyse.",
    'zh-TW': '你好！我們來做一次崗位情境探究。你可以告訴我你的專業，我給你一個真實的工作情境；也可以直接描述你想分析的案例。',
    'ko-KR': '안녕하세요! 직무 상황 탐구를 해 봐요. 전공을 알려 주면 실제 업무 상황을 드리고, 분석하고 싶은 사례를 바로 설명해도 좋아요.',
    'ru-RU':
      'Привет! Давай разберём рабочую ситуацию. Назови свою специальность, и я дам реальный случай из практики, или сам опиши ситуацию, которую хочешь проанализировать.',
  },
  教案生成: { 'en-US': 'Lesson plan', 'zh-TW': '教案生成', 'ko-KR': '교안 생성', 'ru-RU': 'План урока' },
  '填写课程、专业、学时和教学目标，生成一份完整的职业院校教案。': {
    'en-US': 'Fill in the course, programme, hours and goals to get a complete vocational lesson plan.',
    'zh-TW': '填寫課程、專業、學時和教學目標，生成一份完整的職業院校教案。',
    'ko-KR': '과목, 전공, 시수, 수업 목표를 입력하면 완성된 직업학교 교안을 만들어 줍니다.',
    'ru-RU': 'Укажите курс, специальность, часы и цели, и получите полный план урока.',
  },
  测验题生成: { 'en-US': 'Quiz', 'zh-TW': '測驗題生成', 'ko-KR': '퀴즈 생성', 'ru-RU': 'Тест' },
  '选定知识点、题量、难度和题型，生成带答案与解析的测验题。': {
    'en-US': 'Choose the topics, number, difficulty and types of questions to get a quiz with answers and explanations.',
    'zh-TW': '選定知識點、題量、難度和題型，生成帶答案與解析的測驗題。',
    'ko-KR': '지식 요소, 문항 수, 난이도, 유형을 고르면 정답과 해설이 있는 퀴즈를 만들어 줍니다.',
    'ru-RU': 'Выберите темы, число, сложность и типы заданий, и получите тест с ответами и разбором.',
  },
  教学反思: { 'en-US': 'Teaching reflection', 'zh-TW': '教學反思', 'ko-KR': '수업 성찰', 'ru-RU': 'Рефлексия урока' },
  '记录一节课的得失，生成有条理、有改进措施的教学反思。': {
    'en-US': "Note what went well and what didn't in a lesson to get an orderly reflection with steps to improve.",
    'zh-TW': '記錄一節課的得失，生成有條理、有改進措施的教學反思。',
    'ko-KR': '한 수업의 잘된 점과 아쉬운 점을 적으면 개선 방안이 담긴 체계적인 수업 성찰을 만들어 줍니다.',
    'ru-RU': 'Запишите удачи и промахи урока, и получите стройную рефлексию с мерами по улучшению.',
  },
  评分量规生成: { 'en-US': 'Scoring rubric', 'zh-TW': '評分量規生成', 'ko-KR': '채점 루브릭 생성', 'ru-RU': 'Критерии оценивания' },
  '为实训任务、作品或报告生成分维度、分等级的评分标准表。': {
    'en-US': 'Makes a rubric with criteria and levels for a practical task, a piece of work or a report.',
    'zh-TW': '為實訓任務、作品或報告生成分維度、分等級的評分標準表。',
    'ko-KR': '실습 과제, 작품, 보고서에 대해 항목별·등급별 채점 기준표를 만들어 줍니다.',
    'ru-RU': 'Составляет таблицу критериев и уровней для практического задания, работы или отчёта.',
  },
  学生评语: { 'en-US': 'Student comments', 'zh-TW': '學生評語', 'ko-KR': '학생 평어', 'ru-RU': 'Характеристики студентов' },
  '根据学生表现要点生成真诚、具体、有鼓励性的期末评语。': {
    'en-US': "Turns notes on a student's performance into sincere, specific and encouraging end-of-term comments.",
    'zh-TW': '根據學生表現要點生成真誠、具體、有鼓勵性的期末評語。',
    'ko-KR': '학생의 활동 요점을 바탕으로 진솔하고 구체적이며 격려가 담긴 학기말 평어를 만들어 줍니다.',
    'ru-RU': 'По заметкам об успехах студента пишет искренние, конкретные и ободряющие отзывы за семестр.',
  },
};
