// Live sessions (server/modules/live): what teachers and students read in
// class, and the field names inside validation messages.
import type { Catalogue } from './index.js';

export const liveMessages: Catalogue = {
  课堂不存在或你不在这堂课中: {
    'en-US': 'This live session does not exist or you are not in it',
    'zh-TW': '課堂不存在或你不在這堂課中',
    'ko-KR': '라이브 수업이 없거나 이 수업에 참여하고 있지 않습니다',
    'ru-RU': 'Такого занятия нет, или вы в нём не участвуете',
  },
  这堂课已经结束: {
    'en-US': 'This live session has ended',
    'zh-TW': '這堂課已經結束',
    'ko-KR': '이 라이브 수업은 끝났습니다',
    'ru-RU': 'Это занятие уже закончилось',
  },
  '还没有学生签到，无法点名': {
    'en-US': 'No student has checked in yet, so nobody can be called',
    'zh-TW': '還沒有學生簽到，無法點名',
    'ko-KR': '아직 출석한 학생이 없어 호명할 수 없습니다',
    'ru-RU': 'Ещё никто не отметился, вызывать некого',
  },
  点名记录不存在: { 'en-US': 'This call does not exist', 'zh-TW': '點名記錄不存在', 'ko-KR': '호명 기록이 없습니다', 'ru-RU': 'Такого вызова нет' },
  '课堂上只能推送单选、多选、判断和填空题': {
    'en-US': 'Only single choice, multiple choice, true/false and fill-in-the-blank questions can be pushed in class',
    'zh-TW': '課堂上只能推送單選、多選、判斷和填空題',
    'ko-KR': '수업 중에는 단일 선택, 복수 선택, 참/거짓, 빈칸 채우기 문제만 보낼 수 있습니다',
    'ru-RU': 'На занятии можно отправить только вопросы с одним или несколькими ответами, «верно/неверно» и с пропуском',
  },
  答案的格式与题型不符: {
    'en-US': 'The answer does not fit the question type',
    'zh-TW': '答案的格式與題型不符',
    'ko-KR': '답의 형식이 문제 유형과 맞지 않습니다',
    'ru-RU': 'Ответ не подходит к типу вопроса',
  },
  这道题你已经回答过了: {
    'en-US': 'You have already answered this question',
    'zh-TW': '這道題你已經回答過了',
    'ko-KR': '이 문제에는 이미 답했습니다',
    'ru-RU': 'Вы уже ответили на этот вопрос',
  },
  作答时间已到: { 'en-US': 'Time is up for this question', 'zh-TW': '作答時間已到', 'ko-KR': '답할 시간이 끝났습니다', 'ru-RU': 'Время на ответ истекло' },
  题目不存在或不属于这堂课: {
    'en-US': 'This question does not exist or is not part of this session',
    'zh-TW': '題目不存在或不屬於這堂課',
    'ko-KR': '문제가 없거나 이 수업의 문제가 아닙니다',
    'ru-RU': 'Такого вопроса нет, или он не из этого занятия',
  },
  课堂已开始: { 'en-US': 'The live session has started', 'zh-TW': '課堂已開始', 'ko-KR': '라이브 수업이 시작되었습니다', 'ru-RU': 'Занятие началось' },
  签到成功: { 'en-US': 'Checked in', 'zh-TW': '簽到成功', 'ko-KR': '출석했습니다', 'ru-RU': 'Вы отметились' },
  课堂已结束: { 'en-US': 'The live session has ended', 'zh-TW': '課堂已結束', 'ko-KR': '라이브 수업이 끝났습니다', 'ru-RU': 'Занятие закончено' },
  已提交: { 'en-US': 'Submitted', 'zh-TW': '已提交', 'ko-KR': '제출했습니다', 'ru-RU': 'Отправлено' },
  只有这门课程的学生可以签到: {
    'en-US': 'Only students of this course can check in',
    'zh-TW': '只有這門課程的學生可以簽到',
    'ko-KR': '이 과정의 학생만 출석할 수 있습니다',
    'ru-RU': 'Отметиться могут только студенты этого курса',
  },
  '签到码不对或已过期，请输入投影上现在的签到码': {
    'en-US': 'The check-in code is wrong or has expired; type the code now on the projector',
    'zh-TW': '簽到碼不對或已過期，請輸入投影上現在的簽到碼',
    'ko-KR': '출석 코드가 틀렸거나 만료되었습니다. 지금 화면에 보이는 코드를 입력해 주세요',
    'ru-RU': 'Код неверен или устарел; введите код, который сейчас на экране',
  },
  '签到尝试太多，请一分钟后再试': {
    'en-US': 'Too many check-in attempts; try again in a minute',
    'zh-TW': '簽到嘗試太多，請一分鐘後再試',
    'ko-KR': '출석 시도가 너무 많습니다. 1분 후에 다시 시도해 주세요',
    'ru-RU': 'Слишком много попыток; повторите через минуту',
  },
  '发得太快了，请稍后再发': {
    'en-US': 'You are posting too fast; wait a moment',
    'zh-TW': '發得太快了，請稍後再發',
    'ko-KR': '너무 빨리 보내고 있습니다. 잠시 후 다시 보내 주세요',
    'ru-RU': 'Слишком часто; подождите немного',
  },
  老师暂停了弹幕: {
    'en-US': 'The teacher has paused the wall',
    'zh-TW': '老師暫停了彈幕',
    'ko-KR': '선생님이 메시지 벽을 멈췄습니다',
    'ru-RU': 'Преподаватель приостановил стену',
  },
  弹幕不能为空: {
    'en-US': 'The message must not be empty',
    'zh-TW': '彈幕不能為空',
    'ko-KR': '메시지를 입력해 주세요',
    'ru-RU': 'Сообщение не может быть пустым',
  },
  弹幕不存在: { 'en-US': 'This wall message does not exist', 'zh-TW': '彈幕不存在', 'ko-KR': '메시지가 없습니다', 'ru-RU': 'Такого сообщения нет' },
  // Field titles.
  课堂: { 'en-US': 'Live session', 'zh-TW': '課堂', 'ko-KR': '라이브 수업', 'ru-RU': 'Занятие' },
  签到码: { 'en-US': 'Check-in code', 'zh-TW': '簽到碼', 'ko-KR': '출석 코드', 'ru-RU': 'Код для отметки' },
  '作答时间（秒）': { 'en-US': 'Answer time (seconds)', 'zh-TW': '作答時間（秒）', 'ko-KR': '답변 시간(초)', 'ru-RU': 'Время на ответ (с)' },
  允许连续点到同一人: {
    'en-US': 'Allow calling the same student again',
    'zh-TW': '允許連續點到同一人',
    'ko-KR': '같은 학생 연속 호명 허용',
    'ru-RU': 'Можно вызвать того же студента снова',
  },
  点名评价: { 'en-US': 'Mark of the call', 'zh-TW': '點名評價', 'ko-KR': '호명 평가', 'ru-RU': 'Оценка ответа' },
  点名记录: { 'en-US': 'Call', 'zh-TW': '點名記錄', 'ko-KR': '호명 기록', 'ru-RU': 'Вызов' },
  弹幕: { 'en-US': 'Wall message', 'zh-TW': '彈幕', 'ko-KR': '메시지', 'ru-RU': 'Сообщение на стене' },
  弹幕内容: { 'en-US': 'Wall message text', 'zh-TW': '彈幕內容', 'ko-KR': '메시지 내용', 'ru-RU': 'Текст сообщения' },
  暂停弹幕: { 'en-US': 'Pause the wall', 'zh-TW': '暫停彈幕', 'ko-KR': '메시지 벽 멈춤', 'ru-RU': 'Приостановить стену' },
  匿名显示: { 'en-US': 'Show without names', 'zh-TW': '匿名顯示', 'ko-KR': '익명 표시', 'ru-RU': 'Без имён' },
  隐藏: { 'en-US': 'Hidden', 'zh-TW': '隱藏', 'ko-KR': '숨김', 'ru-RU': 'Скрыто' },
};
