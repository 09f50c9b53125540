// What students and teachers meet most in courses, chats, tests and the
// embedded assistant: refusals and the confirmations shown as toasts.
import type { Catalogue } from './index.js';

export const learningMessages: Catalogue = {
  // Courses
  '加入码无效或已停用，请向老师确认': {
    'en-US': 'This join code is not valid or was turned off. Check it with your teacher',
    'zh-TW': '加入碼無效或已停用，請向老師確認',
    'ko-KR': '참여 코드가 올바르지 않거나 사용이 중지되었습니다. 선생님께 확인해 주세요',
    'ru-RU': 'Код недействителен или отключён. Уточните его у преподавателя',
  },
  '你没有通过加入码加入这门课程，无需退出': {
    'en-US': 'You did not join this course with a code, so there is nothing to leave',
    'zh-TW': '你沒有透過加入碼加入這門課程，無需退出',
    'ko-KR': '참여 코드로 들어온 과정이 아니라서 나갈 필요가 없습니다',
    'ru-RU': 'Вы не вступали в этот курс по коду, выходить не нужно',
  },
  已退出课程: { 'en-US': 'You left the course', 'zh-TW': '已退出課程', 'ko-KR': '과정에서 나갔습니다', 'ru-RU': 'Вы вышли из курса' },
  已将该学生移出课程: {
    'en-US': 'The student was removed from the course',
    'zh-TW': '已將該學生移出課程',
    'ko-KR': '학생을 과정에서 내보냈습니다',
    'ru-RU': 'Студент удалён из курса',
  },
  课程已删除: { 'en-US': 'Course deleted', 'zh-TW': '課程已刪除', 'ko-KR': '과정을 삭제했습니다', 'ru-RU': 'Курс удалён' },
  章节已删除: { 'en-US': 'Chapter deleted', 'zh-TW': '章節已刪除', 'ko-KR': '장을 삭제했습니다', 'ru-RU': 'Глава удалена' },
  课时已删除: { 'en-US': 'Lesson deleted', 'zh-TW': '課時已刪除', 'ko-KR': '차시를 삭제했습니다', 'ru-RU': 'Урок удалён' },
  班级学期已保存: { 'en-US': 'Classes and term saved', 'zh-TW': '班級學期已儲存', 'ko-KR': '반과 학기를 저장했습니다', 'ru-RU': 'Классы и семестр сохранены' },
  '课程已发布，请先归档再删除': {
    'en-US': 'The course is published. Archive it before deleting',
    'zh-TW': '課程已發佈，請先封存再刪除',
    'ko-KR': '공개된 과정입니다. 보관한 뒤 삭제해 주세요',
    'ru-RU': 'Курс опубликован. Сначала отправьте его в архив',
  },
  课程至少需要一位授课教师: {
    'en-US': 'A course needs at least one teacher',
    'zh-TW': '課程至少需要一位授課教師',
    'ko-KR': '과정에는 담당 교사가 한 명 이상 있어야 합니다',
    'ru-RU': 'У курса должен быть хотя бы один преподаватель',
  },
  '课程还没有课时，请先添加至少一个课时再发布': {
    'en-US': 'The course has no lessons yet. Add at least one before publishing',
    'zh-TW': '課程還沒有課時，請先新增至少一個課時再發佈',
    'ko-KR': '아직 차시가 없습니다. 차시를 하나 이상 추가한 뒤 공개해 주세요',
    'ru-RU': 'В курсе ещё нет уроков. Добавьте хотя бы один перед публикацией',
  },
  '课程目录已被修改，请刷新后重新排序': {
    'en-US': 'The outline was changed meanwhile. Refresh and reorder again',
    'zh-TW': '課程目錄已被修改，請重新整理後重新排序',
    'ko-KR': '그사이 목차가 바뀌었습니다. 새로 고친 뒤 다시 정렬해 주세요',
    'ru-RU': 'Содержание курса изменилось. Обновите страницу и упорядочьте снова',
  },
  只有学生可以记录学习进度: {
    'en-US': 'Only students record learning progress',
    'zh-TW': '只有學生可以記錄學習進度',
    'ko-KR': '학습 진도는 학생만 기록할 수 있습니다',
    'ru-RU': 'Прогресс обучения записывается только у студентов',
  },

  // Chats
  // The name a chat asked with pictures alone is given (chat/titles.ts), as the client words an untitled one.
  新对话: { 'en-US': 'New chat', 'zh-TW': '新對話', 'ko-KR': '새 대화', 'ru-RU': 'Новый чат' },
  消息已删除: { 'en-US': 'Message deleted', 'zh-TW': '訊息已刪除', 'ko-KR': '메시지를 삭제했습니다', 'ru-RU': 'Сообщение удалено' },
  对话已删除: { 'en-US': 'Chat deleted', 'zh-TW': '對話已刪除', 'ko-KR': '대화를 삭제했습니다', 'ru-RU': 'Диалог удалён' },
  会话已删除: { 'en-US': 'Chat deleted', 'zh-TW': '會話已刪除', 'ko-KR': '대화를 삭제했습니다', 'ru-RU': 'Диалог удалён' },
  分享链接已生成: { 'en-US': 'Share link created', 'zh-TW': '分享連結已產生', 'ko-KR': '공유 링크를 만들었습니다', 'ru-RU': 'Ссылка создана' },
  已取消分享: { 'en-US': 'Sharing withdrawn', 'zh-TW': '已取消分享', 'ko-KR': '공유를 취소했습니다', 'ru-RU': 'Доступ по ссылке отозван' },
  模板已保存: { 'en-US': 'Template saved', 'zh-TW': '範本已儲存', 'ko-KR': '템플릿을 저장했습니다', 'ru-RU': 'Шаблон сохранён' },
  模板已删除: { 'en-US': 'Template deleted', 'zh-TW': '範本已刪除', 'ko-KR': '템플릿을 삭제했습니다', 'ru-RU': 'Шаблон удалён' },
  '回答还在生成中，请先停止再删除': {
    'en-US': 'The answer is still being written. Stop it before deleting',
    'zh-TW': '回答還在生成中，請先停止再刪除',
    'ko-KR': '답변을 아직 작성 중입니다. 중지한 뒤 삭제해 주세요',
    'ru-RU': 'Ответ ещё пишется. Остановите его перед удалением',
  },
  '回答还在生成中，请先停止再编辑': {
    'en-US': 'The answer is still being written. Stop it before editing',
    'zh-TW': '回答還在生成中，請先停止再編輯',
    'ko-KR': '답변을 아직 작성 중입니다. 중지한 뒤 수정해 주세요',
    'ru-RU': 'Ответ ещё пишется. Остановите его перед правкой',
  },
  '图片消息不能编辑，请重新发送': {
    'en-US': 'A message with images cannot be edited. Send it again instead',
    'zh-TW': '圖片訊息不能編輯，請重新傳送',
    'ko-KR': '이미지 메시지는 수정할 수 없습니다. 다시 보내 주세요',
    'ru-RU': 'Сообщение с изображением нельзя изменить. Отправьте его заново',
  },
  '对比模式不支持重新生成，请重新提问': {
    'en-US': 'Compare mode cannot regenerate. Ask again instead',
    'zh-TW': '對比模式不支援重新生成，請重新提問',
    'ko-KR': '비교 모드에서는 다시 생성할 수 없습니다. 다시 질문해 주세요',
    'ru-RU': 'В режиме сравнения нельзя перегенерировать. Задайте вопрос заново',
  },
  '要继续的消息不存在，请刷新后重试': {
    'en-US': 'The message to continue from no longer exists. Refresh and try again',
    'zh-TW': '要繼續的訊息不存在，請重新整理後重試',
    'ko-KR': '이어 갈 메시지가 없습니다. 새로 고친 뒤 다시 시도해 주세요',
    'ru-RU': 'Сообщения, к которому вы отвечаете, уже нет. Обновите страницу и повторите',
  },
  要重新生成的提问不存在: {
    'en-US': 'The question to answer again no longer exists',
    'zh-TW': '要重新生成的提問不存在',
    'ko-KR': '다시 답할 질문이 없습니다',
    'ru-RU': 'Вопроса для повторного ответа уже нет',
  },
  '只能继续接收 AI 的回答': {
    'en-US': 'Only an AI answer can be followed again',
    'zh-TW': '只能繼續接收 AI 的回答',
    'ko-KR': 'AI 답변만 이어서 받을 수 있습니다',
    'ru-RU': 'Продолжить получать можно только ответ ИИ',
  },
  '只能评价 AI 的回答': {
    'en-US': 'Only AI answers can be rated',
    'zh-TW': '只能評價 AI 的回答',
    'ko-KR': 'AI 답변만 평가할 수 있습니다',
    'ru-RU': 'Оценивать можно только ответы ИИ',
  },
  // An answer's end when the model service fails (server/ai/openai-compatible.ts): stored with the
  // answer in zh-CN and put into the reader's language when it is sent or listed.
  已停止生成: { 'en-US': 'Stopped', 'zh-TW': '已停止生成', 'ko-KR': '생성을 멈췄습니다', 'ru-RU': 'Остановлено' },
  '无法连接模型服务，请稍后重试或联系管理员': {
    'en-US': 'Cannot reach the model service. Try again later or contact your administrator',
    'zh-TW': '無法連線模型服務，請稍後重試或聯絡管理員',
    'ko-KR': '모델 서비스에 연결할 수 없습니다. 잠시 후 다시 시도하거나 관리자에게 문의해 주세요',
    'ru-RU': 'Нет связи с сервисом модели. Повторите позже или обратитесь к администратору',
  },
  '模型服务拒绝了访问密钥，请联系管理员检查配置': {
    'en-US': 'The model service refused the access key. Ask your administrator to check the settings',
    'zh-TW': '模型服務拒絕了存取金鑰，請聯絡管理員檢查設定',
    'ko-KR': '모델 서비스가 액세스 키를 거부했습니다. 관리자에게 설정 확인을 요청해 주세요',
    'ru-RU': 'Сервис модели отклонил ключ доступа. Попросите администратора проверить настройки',
  },
  '模型服务繁忙（请求过多），请稍后重试': {
    'en-US': 'The model service is busy (too many requests). Try again later',
    'zh-TW': '模型服務忙碌（請求過多），請稍後重試',
    'ko-KR': '모델 서비스가 혼잡합니다(요청 과다). 잠시 후 다시 시도해 주세요',
    'ru-RU': 'Сервис модели перегружен (слишком много запросов). Повторите позже',
  },
  '模型服务繁忙（请求过多），服务要求等待 {0} 秒，请稍后重试': {
    'en-US': 'The model service is busy (too many requests) and asks to wait {0} s. Try again later',
    'zh-TW': '模型服務忙碌（請求過多），服務要求等待 {0} 秒，請稍後重試',
    'ko-KR': '모델 서비스가 혼잡합니다(요청 과다). 서비스가 {0}초 기다리라고 합니다. 잠시 후 다시 시도해 주세요',
    'ru-RU': 'Сервис модели перегружен (слишком много запросов) и просит подождать {0} с. Повторите позже',
  },
  '模型服务无法处理这个请求（模型名称或内容不被接受）': {
    'en-US': 'The model service cannot handle this request (the model name or the content was not accepted)',
    'zh-TW': '模型服務無法處理這個請求（模型名稱或內容不被接受）',
    'ko-KR': '모델 서비스가 이 요청을 처리할 수 없습니다(모델 이름이나 내용이 허용되지 않음)',
    'ru-RU': 'Сервис модели не может обработать запрос (имя модели или содержимое не приняты)',
  },
  '模型服务出错了，请稍后重试': {
    'en-US': 'The model service ran into an error. Try again later',
    'zh-TW': '模型服務出錯了，請稍後重試',
    'ko-KR': '모델 서비스에 오류가 발생했습니다. 잠시 후 다시 시도해 주세요',
    'ru-RU': 'В сервисе модели произошла ошибка. Повторите позже',
  },
  '回答中断了：与模型服务的连接意外断开': {
    'en-US': 'The answer was cut off: the connection to the model service dropped',
    'zh-TW': '回答中斷了：與模型服務的連線意外中斷',
    'ko-KR': '답변이 중단되었습니다: 모델 서비스와의 연결이 끊겼습니다',
    'ru-RU': 'Ответ прервался: связь с сервисом модели оборвалась',
  },
  '模型服务长时间没有回应，回答已中断': {
    'en-US': 'The model service stopped responding, so the answer was cut off',
    'zh-TW': '模型服務長時間沒有回應，回答已中斷',
    'ko-KR': '모델 서비스가 오랫동안 응답하지 않아 답변이 중단되었습니다',
    'ru-RU': 'Сервис модели долго не отвечал, ответ прерван',
  },
  '模型服务没有按流式方式回答（可能是服务地址或代理配置有误），回答未完成': {
    'en-US': 'The model service did not answer as a stream (the service address or a proxy may be set up wrong), so the answer is incomplete',
    'zh-TW': '模型服務沒有以串流方式回答（可能是服務位址或代理設定有誤），回答未完成',
    'ko-KR': '모델 서비스가 스트리밍으로 답하지 않았습니다(서비스 주소나 프록시 설정이 잘못되었을 수 있음). 답변이 완성되지 않았습니다',
    'ru-RU': 'Сервис модели ответил не потоком (возможно, неверно указан адрес сервиса или прокси), ответ не завершён',
  },
  '回答中断了：模型服务没有说完就结束了连接': {
    'en-US': 'The answer was cut off: the model service closed the connection before finishing',
    'zh-TW': '回答中斷了：模型服務沒有說完就結束了連線',
    'ko-KR': '답변이 중단되었습니다: 모델 서비스가 답을 마치기 전에 연결을 닫았습니다',
    'ru-RU': 'Ответ прервался: сервис модели закрыл соединение, не договорив',
  },
  '回答中断了：生成它的服务器已停止，请重试': {
    'en-US': 'The answer was cut off: the server writing it stopped. Please try again',
    'zh-TW': '回答中斷了：產生它的伺服器已停止，請重試',
    'ko-KR': '답변이 중단되었습니다: 답변을 만들던 서버가 멈췄습니다. 다시 시도해 주세요',
    'ru-RU': 'Ответ прервался: сервер, который его писал, остановился. Повторите',
  },
  '服务器正在重启，回答已中断，请稍后重试': {
    'en-US': 'The server is restarting and the answer was cut off. Try again shortly',
    'zh-TW': '伺服器正在重新啟動，回答已中斷，請稍後重試',
    'ko-KR': '서버가 다시 시작되는 중이라 답변이 중단되었습니다. 잠시 후 다시 시도해 주세요',
    'ru-RU': 'Сервер перезапускается, ответ прерван. Повторите чуть позже',
  },
  '模型没有给出任何回答内容，请重试或换一个模型': {
    'en-US': 'The model returned an empty answer. Try again or pick another model',
    'zh-TW': '模型沒有給出任何回答內容，請重試或換一個模型',
    'ko-KR': '모델이 아무 답변도 내놓지 않았습니다. 다시 시도하거나 다른 모델을 선택해 주세요',
    'ru-RU': 'Модель вернула пустой ответ. Повторите или выберите другую модель',
  },
  '回答未能保存（服务器存储出错），请重试': {
    'en-US': 'The answer could not be saved (a storage error on the server). Please try again',
    'zh-TW': '回答未能儲存（伺服器儲存出錯），請重試',
    'ko-KR': '답변을 저장하지 못했습니다(서버 저장 오류). 다시 시도해 주세요',
    'ru-RU': 'Ответ не сохранился (ошибка хранилища на сервере). Повторите',
  },

  // Tests (evaluation) a student takes
  '测评不存在、未发布或你不在这门课程中': {
    'en-US': 'This test does not exist, is not published, or you are not in its course',
    'zh-TW': '測評不存在、未發佈或你不在這門課程中',
    'ko-KR': '평가가 없거나, 공개되지 않았거나, 수강 중인 과정의 평가가 아닙니다',
    'ru-RU': 'Тест не существует, не опубликован или вы не участвуете в его курсе',
  },
  测评尚未开始: {
    'en-US': 'The test has not started yet',
    'zh-TW': '測評尚未開始',
    'ko-KR': '평가가 아직 시작되지 않았습니다',
    'ru-RU': 'Тест ещё не начался',
  },
  '测评已截止，不能再作答或提交': {
    'en-US': 'The test is closed; answers can no longer be given or handed in',
    'zh-TW': '測評已截止，不能再作答或提交',
    'ko-KR': '평가가 마감되어 더는 답하거나 제출할 수 없습니다',
    'ru-RU': 'Тест закрыт: отвечать и сдавать больше нельзя',
  },
  作答次数已用完: {
    'en-US': 'You have used all your attempts',
    'zh-TW': '作答次數已用完',
    'ko-KR': '응시 횟수를 모두 사용했습니다',
    'ru-RU': 'Попытки закончились',
  },
  这次作答已经提交: {
    'en-US': 'This attempt was already handed in',
    'zh-TW': '這次作答已經提交',
    'ko-KR': '이번 응시는 이미 제출했습니다',
    'ru-RU': 'Эта попытка уже сдана',
  },
  '这次作答已经提交，新的一次作答已经开始，请刷新页面': {
    'en-US': 'This attempt was already handed in and a newer attempt is open. Reload the page',
    'zh-TW': '這次作答已經提交，新的一次作答已經開始，請重新整理頁面',
    'ko-KR': '이번 응시는 이미 제출했고 새 응시가 시작되었습니다. 페이지를 새로 고쳐 주세요',
    'ru-RU': 'Эта попытка уже сдана, и начата новая. Обновите страницу',
  },
  '没有进行中的作答，请先打开试卷': {
    'en-US': 'No attempt is in progress. Open the test first',
    'zh-TW': '沒有進行中的作答，請先開啟試卷',
    'ko-KR': '진행 중인 응시가 없습니다. 먼저 시험지를 열어 주세요',
    'ru-RU': 'Нет начатой попытки. Сначала откройте тест',
  },
  '作答时间已到，已按自动保存的答案交卷': {
    'en-US': 'Time is up; your autosaved answers were handed in',
    'zh-TW': '作答時間已到，已按自動儲存的答案交卷',
    'ko-KR': '시간이 끝나 자동 저장된 답안으로 제출했습니다',
    'ru-RU': 'Время вышло: сданы автосохранённые ответы',
  },
  '服务器繁忙，导出没能按时完成，请稍后重试': {
    'en-US': 'The server is busy and the export did not finish in time. Please try again shortly',
    'zh-TW': '伺服器繁忙，匯出沒能按時完成，請稍後重試',
    'ko-KR': '서버가 바빠 내보내기를 제시간에 마치지 못했습니다. 잠시 후 다시 시도해 주세요',
    'ru-RU': 'Сервер занят, и экспорт не успел завершиться. Повторите попытку чуть позже',
  },
  '测评已截止，已按自动保存的答案交卷': {
    'en-US': 'The test has closed; your autosaved answers were handed in',
    'zh-TW': '測評已截止，已按自動儲存的答案交卷',
    'ko-KR': '평가가 마감되어 자동 저장된 답안으로 제출했습니다',
    'ru-RU': 'Тест закрыт: сданы автосохранённые ответы',
  },
  答案对应的题目不在这份测评中: {
    'en-US': 'An answer belongs to a question that is not in this test',
    'zh-TW': '答案對應的題目不在這份測評中',
    'ko-KR': '답안에 해당하는 문제가 이 평가에 없습니다',
    'ru-RU': 'Ответ относится к вопросу, которого нет в этом тесте',
  },
  只能评价已发布的课程: {
    'en-US': 'Only published courses can be reviewed',
    'zh-TW': '只能評價已發佈的課程',
    'ko-KR': '공개된 과정만 평가할 수 있습니다',
    'ru-RU': 'Оценивать можно только опубликованные курсы',
  },
  测评已保存: { 'en-US': 'Test saved', 'zh-TW': '測評已儲存', 'ko-KR': '평가를 저장했습니다', 'ru-RU': 'Тест сохранён' },
  测评已删除: { 'en-US': 'Test deleted', 'zh-TW': '測評已刪除', 'ko-KR': '평가를 삭제했습니다', 'ru-RU': 'Тест удалён' },
  成绩已发布: { 'en-US': 'Grades published', 'zh-TW': '成績已發佈', 'ko-KR': '성적을 공개했습니다', 'ru-RU': 'Оценки опубликованы' },
  评分已保存: { 'en-US': 'Grade saved', 'zh-TW': '評分已儲存', 'ko-KR': '채점을 저장했습니다', 'ru-RU': 'Оценка сохранена' },
  题目已保存: { 'en-US': 'Questions saved', 'zh-TW': '題目已儲存', 'ko-KR': '문제를 저장했습니다', 'ru-RU': 'Вопросы сохранены' },

  // The assistant embedded in a school's website (visitors read these)
  '该 AI 助手已停用，请联系网站管理员': {
    'en-US': 'This AI assistant is switched off. Please contact the website administrator',
    'zh-TW': '該 AI 助手已停用，請聯絡網站管理員',
    'ko-KR': '이 AI 도우미는 사용이 중지되었습니다. 웹사이트 관리자에게 문의해 주세요',
    'ru-RU': 'Этот ИИ-помощник отключён. Обратитесь к администратору сайта',
  },
  '访客身份已失效，请刷新页面后再提问': {
    'en-US': 'Your visitor session has expired. Refresh the page and ask again',
    'zh-TW': '訪客身分已失效，請重新整理頁面後再提問',
    'ko-KR': '방문자 세션이 만료되었습니다. 페이지를 새로 고친 뒤 다시 질문해 주세요',
    'ru-RU': 'Сеанс посетителя истёк. Обновите страницу и спросите снова',
  },
  '请先登录学校网站后再使用 AI 助手': {
    'en-US': 'Sign in to the school website first to use the AI assistant',
    'zh-TW': '請先登入學校網站後再使用 AI 助手',
    'ko-KR': 'AI 도우미를 쓰려면 먼저 학교 웹사이트에 로그인해 주세요',
    'ru-RU': 'Чтобы пользоваться ИИ-помощником, сначала войдите на сайт школы',
  },
  '网站 {0} 未被允许使用该 AI 助手，请在智学的“网站嵌入”设置中添加它': {
    'en-US': 'The website {0} may not use this AI assistant. Add it in Zhixue’s website embedding settings',
    'zh-TW': '網站 {0} 未被允許使用該 AI 助手，請在智學的「網站嵌入」設定中新增它',
    'ko-KR': '웹사이트 {0}은(는) 이 AI 도우미를 쓸 수 없습니다. 즈쉐의 웹사이트 임베드 설정에서 추가해 주세요',
    'ru-RU': 'Сайту {0} не разрешено использовать этого помощника. Добавьте его в настройках встраивания Zhixue',
  },

  // Files
  '文件校验失败（合并后的内容与上传前不一致），请重新上传': {
    'en-US': 'The file check failed (the joined file differs from the original). Please upload it again',
    'zh-TW': '檔案校驗失敗（合併後的內容與上傳前不一致），請重新上傳',
    'ko-KR': '파일 검증에 실패했습니다(합친 내용이 원본과 다릅니다). 다시 올려 주세요',
    'ru-RU': 'Проверка файла не прошла (собранный файл отличается от исходного). Загрузите снова',
  },
  '文件链接已过期，请刷新页面后重试': {
    'en-US': 'The file link has expired. Refresh the page and try again',
    'zh-TW': '檔案連結已過期，請重新整理頁面後重試',
    'ko-KR': '파일 링크가 만료되었습니다. 페이지를 새로 고친 뒤 다시 시도해 주세요',
    'ru-RU': 'Ссылка на файл устарела. Обновите страницу и повторите',
  },
  '文件无法解析，请确认文件完好（能用对应软件打开）后重新上传': {
    'en-US': 'The file could not be read. Check that it opens in its own program, then upload it again',
    'zh-TW': '檔案無法解析，請確認檔案完好（能用對應軟體開啟）後重新上傳',
    'ko-KR': '파일을 읽을 수 없습니다. 해당 프로그램에서 열리는지 확인한 뒤 다시 올려 주세요',
    'ru-RU': 'Не удалось прочитать файл. Проверьте, что он открывается в своей программе, и загрузите снова',
  },
  // Why a knowledge document could not be read (parsers, the parsing worker, the indexer), shown on its row.
  'DOCX 文件已损坏或格式无法识别，请用 Word 另存为 .docx 后再上传': {
    'en-US': 'The DOCX file is damaged or not recognised. Save it again as .docx in Word and upload it',
    'zh-TW': 'DOCX 檔案已損壞或格式無法識別，請用 Word 另存為 .docx 後再上傳',
    'ko-KR': 'DOCX 파일이 손상되었거나 형식을 알 수 없습니다. Word에서 .docx로 다시 저장한 뒤 업로드해 주세요',
    'ru-RU': 'Файл DOCX повреждён или не распознан. Сохраните его заново как .docx в Word и загрузите',
  },
  '这个 Word 文档里没有文字（可能只有图片），请上传含文字的文档': {
    'en-US': 'This Word document has no text (perhaps only pictures). Upload a document with text',
    'zh-TW': '這個 Word 文件裡沒有文字（可能只有圖片），請上傳含文字的文件',
    'ko-KR': '이 Word 문서에는 텍스트가 없습니다(그림만 있을 수 있음). 텍스트가 있는 문서를 업로드해 주세요',
    'ru-RU': 'В этом документе Word нет текста (возможно, только изображения). Загрузите документ с текстом',
  },
  '这个 PDF 设有密码，请去除密码后再上传': {
    'en-US': 'This PDF is password-protected. Remove the password and upload it again',
    'zh-TW': '這個 PDF 設有密碼，請移除密碼後再上傳',
    'ko-KR': '이 PDF에는 암호가 걸려 있습니다. 암호를 제거한 뒤 다시 업로드해 주세요',
    'ru-RU': 'Этот PDF защищён паролем. Снимите пароль и загрузите снова',
  },
  'PDF 文件已损坏或格式无法识别，请用 PDF 阅读器另存一份后再上传': {
    'en-US': 'The PDF file is damaged or not recognised. Save a copy from a PDF reader and upload that',
    'zh-TW': 'PDF 檔案已損壞或格式無法識別，請用 PDF 閱讀器另存一份後再上傳',
    'ko-KR': 'PDF 파일이 손상되었거나 형식을 알 수 없습니다. PDF 뷰어에서 사본을 저장해 업로드해 주세요',
    'ru-RU': 'Файл PDF повреждён или не распознан. Сохраните копию в программе для PDF и загрузите её',
  },
  '文件是空的，请上传有内容的文本文件': {
    'en-US': 'The file is empty. Upload a text file with content',
    'zh-TW': '檔案是空的，請上傳有內容的文字檔',
    'ko-KR': '파일이 비어 있습니다. 내용이 있는 텍스트 파일을 업로드해 주세요',
    'ru-RU': 'Файл пуст. Загрузите текстовый файл с содержимым',
  },
  'PPTX 文件已损坏或格式无法识别，请用 PowerPoint 另存为 .pptx 后再上传': {
    'en-US': 'The PPTX file is damaged or not recognised. Save it again as .pptx in PowerPoint and upload it',
    'zh-TW': 'PPTX 檔案已損壞或格式無法識別，請用 PowerPoint 另存為 .pptx 後再上傳',
    'ko-KR': 'PPTX 파일이 손상되었거나 형식을 알 수 없습니다. PowerPoint에서 .pptx로 다시 저장한 뒤 업로드해 주세요',
    'ru-RU': 'Файл PPTX повреждён или не распознан. Сохраните его заново как .pptx в PowerPoint и загрузите',
  },
  '这个文件里没有幻灯片，请确认它是 PowerPoint 演示文稿': {
    'en-US': 'This file has no slides. Check that it is a PowerPoint presentation',
    'zh-TW': '這個檔案裡沒有投影片，請確認它是 PowerPoint 簡報',
    'ko-KR': '이 파일에는 슬라이드가 없습니다. PowerPoint 프레젠테이션인지 확인해 주세요',
    'ru-RU': 'В этом файле нет слайдов. Убедитесь, что это презентация PowerPoint',
  },
  '这份演示文稿里没有文字（可能只有图片），请上传含文字的幻灯片': {
    'en-US': 'This presentation has no text (perhaps only pictures). Upload slides with text',
    'zh-TW': '這份簡報裡沒有文字（可能只有圖片），請上傳含文字的投影片',
    'ko-KR': '이 프레젠테이션에는 텍스트가 없습니다(그림만 있을 수 있음). 텍스트가 있는 슬라이드를 업로드해 주세요',
    'ru-RU': 'В этой презентации нет текста (возможно, только изображения). Загрузите слайды с текстом',
  },
  这个网页文件里没有文字内容: {
    'en-US': 'This web page file has no text',
    'zh-TW': '這個網頁檔案裡沒有文字內容',
    'ko-KR': '이 웹 페이지 파일에는 텍스트가 없습니다',
    'ru-RU': 'В этом файле веб-страницы нет текста',
  },
  '文件解压后过大（其中的文字内容超过 {0} MB），可能是异常文件；请拆分成几个较小的文件后再上传': {
    'en-US': 'The file is too large once unpacked (its text is over {0} MB) and may be malformed. Split it into smaller files and upload them',
    'zh-TW': '檔案解壓後過大（其中的文字內容超過 {0} MB），可能是異常檔案；請拆分成幾個較小的檔案後再上傳',
    'ko-KR': '압축을 풀면 파일이 너무 큽니다(텍스트가 {0} MB 초과). 비정상 파일일 수 있으니 작은 파일 여러 개로 나눠 업로드해 주세요',
    'ru-RU': 'После распаковки файл слишком велик (текст больше {0} МБ), возможно, он повреждён. Разделите его на файлы поменьше и загрузите',
  },
  '文件过大（{0}），知识库单个文件最多解析 {1}，请拆分成几个较小的文件后再上传': {
    'en-US': 'The file is too large ({0}): the knowledge library reads at most {1} per file. Split it into smaller files and upload them',
    'zh-TW': '檔案過大（{0}），知識庫單個檔案最多解析 {1}，請拆分成幾個較小的檔案後再上傳',
    'ko-KR': '파일이 너무 큽니다({0}). 지식 베이스는 파일당 최대 {1}까지 읽습니다. 작은 파일 여러 개로 나눠 업로드해 주세요',
    'ru-RU': 'Файл слишком велик ({0}): база знаний читает не больше {1} на файл. Разделите его на файлы поменьше и загрузите',
  },
  文件中没有可用的文字: {
    'en-US': 'The file has no usable text',
    'zh-TW': '檔案中沒有可用的文字',
    'ko-KR': '파일에 사용할 수 있는 텍스트가 없습니다',
    'ru-RU': 'В файле нет пригодного текста',
  },
  '解析时内存超出限制（{0} MB），文件内容过多或结构异常；请拆分成几个较小的文件后再上传': {
    'en-US': 'Reading the file needed more memory than allowed ({0} MB): it holds too much or is malformed. Split it into smaller files and upload them',
    'zh-TW': '解析時記憶體超出限制（{0} MB），檔案內容過多或結構異常；請拆分成幾個較小的檔案後再上傳',
    'ko-KR': '파일을 읽는 데 허용된 메모리({0} MB)를 넘었습니다. 내용이 너무 많거나 구조가 비정상입니다. 작은 파일 여러 개로 나눠 업로드해 주세요',
    'ru-RU':
      'Для чтения файла нужно больше памяти, чем разрешено ({0} МБ): в нём слишком много данных или он повреждён. Разделите его на файлы поменьше и загрузите',
  },
  '解析超时（超过 {0} 秒仍未完成）；请拆分成几个较小的文件后再上传': {
    'en-US': 'Reading the file took too long (over {0} s). Split it into smaller files and upload them',
    'zh-TW': '解析逾時（超過 {0} 秒仍未完成）；請拆分成幾個較小的檔案後再上傳',
    'ko-KR': '파일을 읽는 데 시간이 너무 오래 걸렸습니다({0}초 초과). 작은 파일 여러 개로 나눠 업로드해 주세요',
    'ru-RU': 'Чтение файла заняло слишком много времени (более {0} с). Разделите его на файлы поменьше и загрузите',
  },
  '索引失败（服务器内部错误），请稍后点击“重新解析”重试': {
    'en-US': 'Indexing failed (a server error). Click “Parse again” later to retry',
    'zh-TW': '索引失敗（伺服器內部錯誤），請稍後點擊「重新解析」重試',
    'ko-KR': '색인에 실패했습니다(서버 오류). 잠시 후 “다시 분석”을 눌러 다시 시도해 주세요',
    'ru-RU': 'Индексация не удалась (ошибка сервера). Позже нажмите «Разобрать заново», чтобы повторить',
  },
  '向量化失败（{0}），暂时只能按关键词检索；稍后点击“重新解析”可重试': {
    'en-US': 'Embedding failed ({0}); for now the document is searched by keywords only. Click “Parse again” later to retry',
    'zh-TW': '向量化失敗（{0}），暫時只能按關鍵詞檢索；稍後點擊「重新解析」可重試',
    'ko-KR': '벡터화에 실패했습니다({0}). 당분간 키워드로만 검색됩니다. 잠시 후 “다시 분석”을 눌러 다시 시도할 수 있습니다',
    'ru-RU': 'Векторизация не удалась ({0}); пока документ ищется только по ключевым словам. Позже нажмите «Разобрать заново», чтобы повторить',
  },
  向量模型服务不可用: {
    'en-US': 'the embedding model service is unavailable',
    'zh-TW': '向量模型服務不可用',
    'ko-KR': '벡터 모델 서비스를 사용할 수 없습니다',
    'ru-RU': 'сервис модели векторизации недоступен',
  },
  '这个文件解析了 {0} 次都因服务器中断而未完成，已停止重试；请检查文件或拆分成几个较小的文件，再点击“重新解析”': {
    'en-US':
      'Reading this file was cut off by a server stop {0} times, so it is no longer retried. Check the file or split it into smaller files, then click “Parse again”',
    'zh-TW': '這個檔案解析了 {0} 次都因伺服器中斷而未完成，已停止重試；請檢查檔案或拆分成幾個較小的檔案，再點擊「重新解析」',
    'ko-KR': '이 파일은 서버 중단으로 {0}번 분석이 끝나지 않아 재시도를 멈췄습니다. 파일을 확인하거나 작은 파일로 나눈 뒤 “다시 분석”을 눌러 주세요',
    'ru-RU':
      'Чтение этого файла {0} раз прерывалось остановкой сервера, повторы прекращены. Проверьте файл или разделите его на файлы поменьше и нажмите «Разобрать заново»',
  },
  '知识库只能解析 {0} 文件': {
    'en-US': 'The knowledge library reads only {0} files',
    'zh-TW': '知識庫只能解析 {0} 檔案',
    'ko-KR': '지식 베이스는 {0} 파일만 읽을 수 있습니다',
    'ru-RU': 'База знаний читает только файлы {0}',
  },
  // The formats the knowledge library reads (KNOWLEDGE_FORMATS), a value inside the sentences above and in the practical-task ones, in each language's list separators.
  'PDF、DOCX、PPTX、TXT、Markdown、HTML': {
    'en-US': 'PDF, DOCX, PPTX, TXT, Markdown, HTML',
    'zh-TW': 'PDF、DOCX、PPTX、TXT、Markdown、HTML',
    'ko-KR': 'PDF, DOCX, PPTX, TXT, Markdown, HTML',
    'ru-RU': 'PDF, DOCX, PPTX, TXT, Markdown, HTML',
  },
  '原文件已被删除，请重新上传': {
    'en-US': 'The original file was deleted. Upload it again',
    'zh-TW': '原檔案已被刪除，請重新上傳',
    'ko-KR': '원본 파일이 삭제되었습니다. 다시 업로드해 주세요',
    'ru-RU': 'Исходный файл удалён. Загрузите его снова',
  },
  '这个 PDF 没有可提取的文字（可能是扫描件或图片），请上传带文字层的 PDF，或先用 OCR 识别后再上传': {
    'en-US': 'This PDF has no text to extract (probably a scan). Upload a PDF with a text layer, or run OCR on it first',
    'zh-TW': '這個 PDF 沒有可擷取的文字（可能是掃描件或圖片），請上傳帶文字層的 PDF，或先用 OCR 辨識後再上傳',
    'ko-KR': '이 PDF에는 추출할 텍스트가 없습니다(스캔본일 수 있음). 텍스트가 있는 PDF를 올리거나 먼저 OCR로 인식해 주세요',
    'ru-RU': 'В этом PDF нет текста (вероятно, это скан). Загрузите PDF с текстовым слоем или сначала распознайте его',
  },
  '文档正在解析中，请稍候': {
    'en-US': 'The document is still being read. Please wait',
    'zh-TW': '文件正在解析中，請稍候',
    'ko-KR': '문서를 읽는 중입니다. 잠시 기다려 주세요',
    'ru-RU': 'Документ ещё обрабатывается. Подождите',
  },
  所选文件已经在这个知识库中: {
    'en-US': 'The chosen file is already in this knowledge base',
    'zh-TW': '所選檔案已經在這個知識庫中',
    'ko-KR': '선택한 파일은 이미 이 지식 베이스에 있습니다',
    'ru-RU': 'Этот файл уже есть в базе знаний',
  },
};
