// Course setup beyond the basics (teachers, classes, videos, knowledge bases),
// knowledge bases themselves, the resource library and site content.
import type { Catalogue } from './index.js';

export const courseMessages: Catalogue = {
  // Courses
  '一门课程最多选择 {0} 个知识库': {
    'en-US': 'A course can use at most {0} knowledge bases',
    'zh-TW': '一門課程最多選擇 {0} 個知識庫',
    'ko-KR': '과정 하나에 지식 베이스를 최대 {0}개까지 선택할 수 있습니다',
    'ru-RU': 'Для курса можно выбрать не больше {0} баз знаний',
  },
  '所选文件不是视频，请上传 mp4 或 webm 视频': {
    'en-US': 'The chosen file is not a video. Upload an mp4 or webm video',
    'zh-TW': '所選檔案不是影片，請上傳 mp4 或 webm 影片',
    'ko-KR': '선택한 파일은 동영상이 아닙니다. mp4 또는 webm 동영상을 업로드해 주세요',
    'ru-RU': 'Выбранный файл не видео. Загрузите видео mp4 или webm',
  },
  '视频地址格式不正确，请填写以 https:// 开头的完整地址': {
    'en-US': 'The video address is not valid. Enter a full address starting with https://',
    'zh-TW': '影片位址格式不正確，請填寫以 https:// 開頭的完整位址',
    'ko-KR': '동영상 주소 형식이 올바르지 않습니다. https://로 시작하는 전체 주소를 입력해 주세요',
    'ru-RU': 'Неверный адрес видео. Укажите полный адрес, начинающийся с https://',
  },
  '视频地址只能是 http 或 https 链接': {
    'en-US': 'The video address must be an http or https link',
    'zh-TW': '影片位址只能是 http 或 https 連結',
    'ko-KR': '동영상 주소는 http 또는 https 링크여야 합니다',
    'ru-RU': 'Адрес видео должен быть ссылкой http или https',
  },
  顺序已保存: { 'en-US': 'Order saved', 'zh-TW': '順序已儲存', 'ko-KR': '순서를 저장했습니다', 'ru-RU': 'Порядок сохранён' },
  '助手功能尚未启用，请先不选择助手': {
    'en-US': 'Assistants are not available yet. Leave the assistant empty for now',
    'zh-TW': '助手功能尚未啟用，請先不選擇助手',
    'ko-KR': '도우미 기능이 아직 켜져 있지 않습니다. 지금은 도우미를 선택하지 말아 주세요',
    'ru-RU': 'Ассистенты пока не включены. Пока не выбирайте ассистента',
  },
  '该学生不是通过加入码加入的，请在班级设置中调整': {
    'en-US': 'This student did not join with a code. Change this in the class settings',
    'zh-TW': '該學生不是透過加入碼加入的，請在班級設定中調整',
    'ko-KR': '이 학생은 참여 코드로 들어오지 않았습니다. 반 설정에서 조정해 주세요',
    'ru-RU': 'Этот студент вступил не по коду. Измените это в настройках класса',
  },
  '只能选择你任教的班级，其他班级请联系该班教师或管理员': {
    'en-US': 'You can only choose classes you teach. For other classes, contact their teacher or an administrator',
    'zh-TW': '只能選擇你任教的班級，其他班級請聯絡該班教師或管理員',
    'ko-KR': '담당하는 반만 선택할 수 있습니다. 다른 반은 해당 반 교사나 관리자에게 문의해 주세요',
    'ru-RU': 'Можно выбрать только свои классы. По другим обратитесь к их преподавателю или администратору',
  },
  只能添加教师账号作为授课教师: {
    'en-US': 'Only teacher accounts can be added as course teachers',
    'zh-TW': '只能新增教師帳號作為授課教師',
    'ko-KR': '교사 계정만 담당 교사로 추가할 수 있습니다',
    'ru-RU': 'Преподавателями курса можно добавить только учётные записи преподавателей',
  },
  '不能把自己移出授课教师，请由其他授课教师操作': {
    'en-US': 'You cannot remove yourself from the course teachers. Ask another teacher of the course',
    'zh-TW': '不能把自己移出授課教師，請由其他授課教師操作',
    'ko-KR': '자신을 담당 교사에서 뺄 수 없습니다. 다른 담당 교사에게 요청해 주세요',
    'ru-RU': 'Нельзя исключить себя из преподавателей курса. Попросите другого преподавателя',
  },

  // Knowledge bases
  '最多选择 {0} 个知识库': {
    'en-US': 'Choose at most {0} knowledge bases',
    'zh-TW': '最多選擇 {0} 個知識庫',
    'ko-KR': '지식 베이스는 최대 {0}개까지 선택할 수 있습니다',
    'ru-RU': 'Выберите не больше {0} баз знаний',
  },
  '只能关联你任教的课程，请重新选择': {
    'en-US': 'You can only link courses you teach. Choose again',
    'zh-TW': '只能關聯你任教的課程，請重新選擇',
    'ko-KR': '담당하는 과정만 연결할 수 있습니다. 다시 선택해 주세요',
    'ru-RU': 'Связать можно только курсы, которые вы ведёте. Выберите снова',
  },
  '《{0}》不能加入知识库：只支持 {1} 文件': {
    'en-US': '“{0}” cannot be added to the knowledge base: only {1} files are supported',
    'zh-TW': '《{0}》不能加入知識庫：只支援 {1} 檔案',
    'ko-KR': '“{0}”은(는) 지식 베이스에 넣을 수 없습니다: {1} 파일만 지원합니다',
    'ru-RU': '«{0}» нельзя добавить в базу знаний: поддерживаются только файлы {1}',
  },
  这段内容不存在或已被删除: {
    'en-US': 'This passage does not exist or was deleted',
    'zh-TW': '這段內容不存在或已被刪除',
    'ko-KR': '이 내용이 없거나 삭제되었습니다',
    'ru-RU': 'Этот фрагмент не существует или удалён',
  },
  '分段内容不能为空；不需要这段时请删除它': {
    'en-US': 'A passage must not be empty. Delete it if you do not need it',
    'zh-TW': '分段內容不能為空；不需要這段時請刪除它',
    'ko-KR': '단락 내용은 비워 둘 수 없습니다. 필요 없으면 삭제해 주세요',
    'ru-RU': 'Фрагмент не может быть пустым. Если он не нужен, удалите его',
  },

  // Resource library
  '每个资源最多 {0} 个标签': {
    'en-US': 'A resource can have at most {0} tags',
    'zh-TW': '每個資源最多 {0} 個標籤',
    'ko-KR': '자료마다 태그는 최대 {0}개까지입니다',
    'ru-RU': 'У ресурса может быть не больше {0} меток',
  },
  不能把文件夹移动到它自己或它的子文件夹中: {
    'en-US': 'A folder cannot be moved into itself or one of its subfolders',
    'zh-TW': '不能把資料夾移動到它自己或它的子資料夾中',
    'ko-KR': '폴더를 자기 자신이나 하위 폴더로 옮길 수 없습니다',
    'ru-RU': 'Папку нельзя переместить в неё саму или в её подпапку',
  },
  这个资源没有被删除: {
    'en-US': 'This resource has not been deleted',
    'zh-TW': '這個資源沒有被刪除',
    'ko-KR': '이 자료는 삭제되지 않았습니다',
    'ru-RU': 'Этот ресурс не удалён',
  },
  '只能共享到你任教的课程，请重新选择': {
    'en-US': 'You can only share with courses you teach. Choose again',
    'zh-TW': '只能共享到你任教的課程，請重新選擇',
    'ko-KR': '담당하는 과정에만 공유할 수 있습니다. 다시 선택해 주세요',
    'ru-RU': 'Делиться можно только с курсами, которые вы ведёте. Выберите снова',
  },

  // Site content
  '字典 {0} 不存在': {
    verbatim: [0], // the id the client asked for
    'en-US': 'Dictionary {0} does not exist',
    'zh-TW': '字典 {0} 不存在',
    'ko-KR': '사전 {0}이(가) 없습니다',
    'ru-RU': 'Справочника {0} не существует',
  },
  协议不存在: { 'en-US': 'This agreement does not exist', 'zh-TW': '協議不存在', 'ko-KR': '약관이 없습니다', 'ru-RU': 'Такого соглашения нет' },

  // Course toasts
  课程已创建: { 'en-US': 'Course created', 'zh-TW': '課程已建立', 'ko-KR': '과정을 만들었습니다', 'ru-RU': 'Курс создан' },
  加入码已停用: { 'en-US': 'Join code turned off', 'zh-TW': '加入碼已停用', 'ko-KR': '참여 코드 사용을 중지했습니다', 'ru-RU': 'Код для вступления отключён' },
  已生成新的加入码: {
    'en-US': 'A new join code was created',
    'zh-TW': '已產生新的加入碼',
    'ko-KR': '새 참여 코드를 만들었습니다',
    'ru-RU': 'Создан новый код для вступления',
  },
  授课班级已更新: { 'en-US': 'Course classes updated', 'zh-TW': '授課班級已更新', 'ko-KR': '수업 반을 업데이트했습니다', 'ru-RU': 'Классы курса обновлены' },
  授课教师已更新: {
    'en-US': 'Course teachers updated',
    'zh-TW': '授課教師已更新',
    'ko-KR': '담당 교사를 업데이트했습니다',
    'ru-RU': 'Преподаватели курса обновлены',
  },
  章节已添加: { 'en-US': 'Chapter added', 'zh-TW': '章節已新增', 'ko-KR': '장을 추가했습니다', 'ru-RU': 'Глава добавлена' },
  课时已添加: { 'en-US': 'Lesson added', 'zh-TW': '課時已新增', 'ko-KR': '차시를 추가했습니다', 'ru-RU': 'Урок добавлен' },
  课时已保存: { 'en-US': 'Lesson saved', 'zh-TW': '課時已儲存', 'ko-KR': '차시를 저장했습니다', 'ru-RU': 'Урок сохранён' },
  已标记为完成: { 'en-US': 'Marked as done', 'zh-TW': '已標記為完成', 'ko-KR': '완료로 표시했습니다', 'ru-RU': 'Отмечено как пройденное' },
  已取消完成: { 'en-US': 'No longer marked as done', 'zh-TW': '已取消完成', 'ko-KR': '완료 표시를 해제했습니다', 'ru-RU': 'Отметка о прохождении снята' },
  // Inserting a generated picture or video into a lesson (outline.ts insertIntoLesson).
  要插入的文件不存在或不属于你: {
    'en-US': 'The file to insert does not exist or is not yours',
    'zh-TW': '要插入的檔案不存在或不屬於你',
    'ko-KR': '넣으려는 파일이 없거나 내 파일이 아닙니다',
    'ru-RU': 'Вставляемый файл не найден или принадлежит не вам',
  },
  只能插入图片或视频: {
    'en-US': 'Only pictures and videos can be inserted',
    'zh-TW': '只能插入圖片或影片',
    'ko-KR': '이미지나 동영상만 넣을 수 있습니다',
    'ru-RU': 'Вставить можно только изображение или видео',
  },
  '这个课时已有视频，确认替换后再插入': {
    'en-US': 'This lesson already has a video; confirm replacing it first',
    'zh-TW': '這個課時已有影片，確認替換後再插入',
    'ko-KR': '이 차시에는 이미 동영상이 있습니다. 바꾸기를 확인한 뒤 넣으세요',
    'ru-RU': 'В уроке уже есть видео; сначала подтвердите замену',
  },
  已插入课时: { 'en-US': 'Inserted into the lesson', 'zh-TW': '已插入課時', 'ko-KR': '차시에 넣었습니다', 'ru-RU': 'Вставлено в урок' },
  // The caption of an inserted picture the teacher gave none for (lesson text, in the teacher's language).
  AI生成: { 'en-US': 'AI-generated', 'zh-TW': 'AI生成', 'ko-KR': 'AI 생성', 'ru-RU': 'Создано ИИ' },
};
