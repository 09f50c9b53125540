// AI assistants, the chat around them (models, comparison, images,
// attachments) and the practice apps students open from the platform.
import type { Catalogue } from './index.js';

export const assistantMessages: Catalogue = {
  // Assistants
  助手已保存: { 'en-US': 'Assistant saved', 'zh-TW': '助手已儲存', 'ko-KR': '도우미를 저장했습니다', 'ru-RU': 'Ассистент сохранён' },
  助手已删除: { 'en-US': 'Assistant deleted', 'zh-TW': '助手已刪除', 'ko-KR': '도우미를 삭제했습니다', 'ru-RU': 'Ассистент удалён' },
  请填写助手名称: {
    'en-US': 'Enter a name for the assistant',
    'zh-TW': '請填寫助手名稱',
    'ko-KR': '도우미 이름을 입력해 주세요',
    'ru-RU': 'Укажите имя ассистента',
  },
  请填写探究的主题与要求: {
    'en-US': 'Enter the topic and goals of the inquiry',
    'zh-TW': '請填寫探究的主題與要求',
    'ko-KR': '탐구 주제와 요구 사항을 입력해 주세요',
    'ru-RU': 'Укажите тему и задачи исследования',
  },
  '请填写助手的角色设定（系统提示词）': {
    'en-US': 'Describe the assistant’s role (the system prompt)',
    'zh-TW': '請填寫助手的角色設定（系統提示詞）',
    'ko-KR': '도우미의 역할 설정(시스템 프롬프트)을 입력해 주세요',
    'ru-RU': 'Опишите роль ассистента (системный промпт)',
  },
  '所选分类不存在，请重新选择': {
    'en-US': 'The chosen category does not exist. Choose again',
    'zh-TW': '所選分類不存在，請重新選擇',
    'ko-KR': '선택한 분류가 없습니다. 다시 선택해 주세요',
    'ru-RU': 'Выбранной категории нет. Выберите снова',
  },
  '模型 {0} 未配置，请重新选择': {
    verbatim: [0], // a model id an administrator chose
    'en-US': 'Model {0} is not set up. Choose again',
    'zh-TW': '模型 {0} 未設定，請重新選擇',
    'ko-KR': '모델 {0}이(가) 설정되어 있지 않습니다. 다시 선택해 주세요',
    'ru-RU': 'Модель {0} не настроена. Выберите снова',
  },
  发布到课程时请选择课程: {
    'en-US': 'Choose a course to publish to',
    'zh-TW': '發佈到課程時請選擇課程',
    'ko-KR': '과정에 공개하려면 과정을 선택해 주세요',
    'ru-RU': 'Выберите курс для публикации',
  },
  '只能发布到你任教的课程，请重新选择': {
    'en-US': 'You can only publish to courses you teach. Choose again',
    'zh-TW': '只能發佈到你任教的課程，請重新選擇',
    'ko-KR': '담당하는 과정에만 공개할 수 있습니다. 다시 선택해 주세요',
    'ru-RU': 'Публиковать можно только в курсах, которые вы ведёте. Выберите снова',
  },
  只能修改自己创建的助手: {
    'en-US': 'You can only change assistants you created',
    'zh-TW': '只能修改自己建立的助手',
    'ko-KR': '직접 만든 도우미만 수정할 수 있습니다',
    'ru-RU': 'Изменять можно только созданных вами ассистентов',
  },
  '系统内置助手不能修改或删除，可以新建一个自己的助手': {
    'en-US': 'Built-in assistants cannot be changed or deleted. You can create your own instead',
    'zh-TW': '系統內建助手不能修改或刪除，可以新建一個自己的助手',
    'ko-KR': '시스템 기본 도우미는 수정하거나 삭제할 수 없습니다. 대신 나만의 도우미를 만들 수 있습니다',
    'ru-RU': 'Встроенных ассистентов нельзя менять или удалять. Создайте своего',
  },

  // Chat
  '一次最多附加 {0} 个文件': {
    'en-US': 'You can attach at most {0} files at a time',
    'zh-TW': '一次最多附加 {0} 個檔案',
    'ko-KR': '한 번에 파일을 최대 {0}개까지 첨부할 수 있습니다',
    'ru-RU': 'За раз можно прикрепить не больше {0} файлов',
  },
  '这是对比对话，请使用 /v2/chat/completions': {
    'en-US': 'This is a comparison chat. Use /v2/chat/completions',
    'zh-TW': '這是對比對話，請使用 /v2/chat/completions',
    'ko-KR': '비교 대화입니다. /v2/chat/completions를 사용해 주세요',
    'ru-RU': 'Это диалог сравнения. Используйте /v2/chat/completions',
  },
  '这不是对比对话，请使用 /v1/chat/completions': {
    'en-US': 'This is not a comparison chat. Use /v1/chat/completions',
    'zh-TW': '這不是對比對話，請使用 /v1/chat/completions',
    'ko-KR': '비교 대화가 아닙니다. /v1/chat/completions를 사용해 주세요',
    'ru-RU': 'Это не диалог сравнения. Используйте /v1/chat/completions',
  },
  '一次最多发送 {0} 张图片': {
    'en-US': 'You can send at most {0} images at a time',
    'zh-TW': '一次最多傳送 {0} 張圖片',
    'ko-KR': '한 번에 이미지를 최대 {0}장까지 보낼 수 있습니다',
    'ru-RU': 'За раз можно отправить не больше {0} изображений',
  },
  '第 {0} 张图片格式不对：只支持 png、jpg、webp、gif': {
    'en-US': 'Image {0} has an unsupported format: only png, jpg, webp and gif are supported',
    'zh-TW': '第 {0} 張圖片格式不對：只支援 png、jpg、webp、gif',
    'ko-KR': '{0}번째 이미지 형식이 올바르지 않습니다: png, jpg, webp, gif만 지원합니다',
    'ru-RU': 'Изображение {0} в неподдерживаемом формате: поддерживаются только png, jpg, webp, gif',
  },
  '第 {0} 张图片不是有效的图片文件：只支持 png、jpg、webp、gif': {
    'en-US': 'Image {0} is not a valid image file: only png, jpg, webp and gif are supported',
    'zh-TW': '第 {0} 張圖片不是有效的圖片檔案：只支援 png、jpg、webp、gif',
    'ko-KR': '{0}번째 이미지는 올바른 이미지 파일이 아닙니다: png, jpg, webp, gif만 지원합니다',
    'ru-RU': 'Изображение {0} не является настоящим файлом изображения: поддерживаются только png, jpg, webp, gif',
  },
  '第 {0} 张图片太大（最大 5 MB），请压缩后再发送': {
    'en-US': 'Image {0} is too large (at most 5 MB). Compress it and send again',
    'zh-TW': '第 {0} 張圖片太大（最大 5 MB），請壓縮後再傳送',
    'ko-KR': '{0}번째 이미지가 너무 큽니다(최대 5MB). 압축한 뒤 다시 보내 주세요',
    'ru-RU': 'Изображение {0} слишком большое (не больше 5 МБ). Сожмите его и отправьте снова',
  },
  助手功能尚未启用: {
    'en-US': 'Assistants are not available yet',
    'zh-TW': '助手功能尚未啟用',
    'ko-KR': '도우미 기능이 아직 켜져 있지 않습니다',
    'ru-RU': 'Ассистенты пока не включены',
  },
  课程功能尚未启用: {
    'en-US': 'Courses are not available yet',
    'zh-TW': '課程功能尚未啟用',
    'ko-KR': '과정 기능이 아직 켜져 있지 않습니다',
    'ru-RU': 'Курсы пока не включены',
  },
  '模板不存在，或不是你创建的模板': {
    'en-US': 'This template does not exist or was not created by you',
    'zh-TW': '範本不存在，或不是你建立的範本',
    'ko-KR': '템플릿이 없거나 직접 만든 템플릿이 아닙니다',
    'ru-RU': 'Шаблон не существует или создан не вами',
  },
  '这个对话来自网站嵌入的 AI 助手，只能在原网页中继续': {
    'en-US': 'This chat comes from an AI assistant embedded in a website and can only continue on that page',
    'zh-TW': '這個對話來自網站嵌入的 AI 助手，只能在原網頁中繼續',
    'ko-KR': '이 대화는 웹사이트에 삽입된 AI 도우미에서 시작되어 원래 페이지에서만 이어갈 수 있습니다',
    'ru-RU': 'Этот диалог начат со встроенным на сайт ИИ-ассистентом и продолжить его можно только на той странице',
  },
  已保存: { 'en-US': 'Saved', 'zh-TW': '已儲存', 'ko-KR': '저장했습니다', 'ru-RU': 'Сохранено' },
  '模型 {0} 没有版本 {1}，请重新选择': {
    verbatim: [0, 1], // the model id and version as chosen
    'en-US': 'Model {0} has no version {1}. Choose again',
    'zh-TW': '模型 {0} 沒有版本 {1}，請重新選擇',
    'ko-KR': '모델 {0}에는 {1} 버전이 없습니다. 다시 선택해 주세요',
    'ru-RU': 'У модели {0} нет версии {1}. Выберите снова',
  },
  '模型 {0} 未配置，请在模型列表中重新选择': {
    verbatim: [0], // a model id an administrator chose
    'en-US': 'Model {0} is not set up. Choose again from the model list',
    'zh-TW': '模型 {0} 未設定，請在模型列表中重新選擇',
    'ko-KR': '모델 {0}이(가) 설정되어 있지 않습니다. 모델 목록에서 다시 선택해 주세요',
    'ru-RU': 'Модель {0} не настроена. Выберите другую из списка моделей',
  },
  '对比模式需要选择至少 2 个不同的模型': {
    'en-US': 'Comparison needs at least 2 different models',
    'zh-TW': '對比模式需要選擇至少 2 個不同的模型',
    'ko-KR': '비교 모드에서는 서로 다른 모델을 2개 이상 선택해야 합니다',
    'ru-RU': 'Для сравнения выберите хотя бы 2 разные модели',
  },
  '对比模式最多同时选择 {0} 个模型': {
    'en-US': 'Comparison can use at most {0} models at once',
    'zh-TW': '對比模式最多同時選擇 {0} 個模型',
    'ko-KR': '비교 모드에서는 모델을 최대 {0}개까지 선택할 수 있습니다',
    'ru-RU': 'Для сравнения можно выбрать не больше {0} моделей',
  },
  '这个对话的系统消息由助手或课程设定，不能修改': {
    'en-US': 'The system message of this chat comes from its assistant or course and cannot be changed',
    'zh-TW': '這個對話的系統訊息由助手或課程設定，不能修改',
    'ko-KR': '이 대화의 시스템 메시지는 도우미나 과정이 정한 것이라 수정할 수 없습니다',
    'ru-RU': 'Системное сообщение этого диалога задано ассистентом или курсом, изменить его нельзя',
  },

  // Practice apps
  '请填写完整的网址，以 http:// 或 https:// 开头': {
    'en-US': 'Enter the full address, starting with http:// or https://',
    'zh-TW': '請填寫完整的網址，以 http:// 或 https:// 開頭',
    'ko-KR': 'http:// 또는 https://로 시작하는 전체 주소를 입력해 주세요',
    'ru-RU': 'Укажите полный адрес, начинающийся с http:// или https://',
  },
  '只支持以 http:// 或 https:// 开头的网址': {
    'en-US': 'Only addresses starting with http:// or https:// are supported',
    'zh-TW': '只支援以 http:// 或 https:// 開頭的網址',
    'ko-KR': 'http:// 또는 https://로 시작하는 주소만 지원합니다',
    'ru-RU': 'Поддерживаются только адреса, начинающиеся с http:// или https://',
  },
  '网址缺少域名，请检查后重试': {
    'en-US': 'The address has no domain. Check it and try again',
    'zh-TW': '網址缺少網域，請檢查後重試',
    'ko-KR': '주소에 도메인이 없습니다. 확인한 뒤 다시 시도해 주세요',
    'ru-RU': 'В адресе нет домена. Проверьте его и попробуйте снова',
  },
  网址中不能包含用户名或密码: {
    'en-US': 'The address must not contain a username or password',
    'zh-TW': '網址中不能包含使用者名稱或密碼',
    'ko-KR': '주소에 아이디나 비밀번호를 넣을 수 없습니다',
    'ru-RU': 'Адрес не должен содержать имя пользователя или пароль',
  },
  '不能添加本平台自身的页面，请填写实践应用的网址': {
    'en-US': 'Pages of this platform cannot be added. Enter the practice app’s address',
    'zh-TW': '不能新增本平台自身的頁面，請填寫實踐應用的網址',
    'ko-KR': '이 플랫폼 자체 페이지는 추가할 수 없습니다. 실습 앱 주소를 입력해 주세요',
    'ru-RU': 'Нельзя добавить страницу самой платформы. Укажите адрес практического приложения',
  },
  '网址太长了，最多 {0} 个字符': {
    'en-US': 'The address is too long (at most {0} characters)',
    'zh-TW': '網址太長了，最多 {0} 個字元',
    'ko-KR': '주소가 너무 깁니다(최대 {0}자)',
    'ru-RU': 'Адрес слишком длинный (не больше {0} символов)',
  },
  实践应用已保存: { 'en-US': 'Practice app saved', 'zh-TW': '實踐應用已儲存', 'ko-KR': '실습 앱을 저장했습니다', 'ru-RU': 'Практическое приложение сохранено' },
  实践应用已删除: { 'en-US': 'Practice app deleted', 'zh-TW': '實踐應用已刪除', 'ko-KR': '실습 앱을 삭제했습니다', 'ru-RU': 'Практическое приложение удалено' },
  请填写应用名称: {
    'en-US': 'Enter a name for the app',
    'zh-TW': '請填寫應用名稱',
    'ko-KR': '앱 이름을 입력해 주세요',
    'ru-RU': 'Укажите название приложения',
  },
  '图标请上传图片，或填写以 http(s):// 开头的图片地址': {
    'en-US': 'For the icon, upload an image or enter an image address starting with http(s)://',
    'zh-TW': '圖示請上傳圖片，或填寫以 http(s):// 開頭的圖片位址',
    'ko-KR': '아이콘은 이미지를 업로드하거나 http(s)://로 시작하는 이미지 주소를 입력해 주세요',
    'ru-RU': 'Для значка загрузите изображение или укажите адрес, начинающийся с http(s)://',
  },
  只能修改自己添加的实践应用: {
    'en-US': 'You can only change practice apps you added',
    'zh-TW': '只能修改自己新增的實踐應用',
    'ko-KR': '직접 추가한 실습 앱만 수정할 수 있습니다',
    'ru-RU': 'Изменять можно только добавленные вами практические приложения',
  },

  // Toasts
  助手已创建: { 'en-US': 'Assistant created', 'zh-TW': '助手已建立', 'ko-KR': '도우미를 만들었습니다', 'ru-RU': 'Ассистент создан' },
  已收藏: { 'en-US': 'Added to favourites', 'zh-TW': '已收藏', 'ko-KR': '즐겨찾기에 추가했습니다', 'ru-RU': 'Добавлено в избранное' },
  已取消收藏: { 'en-US': 'Removed from favourites', 'zh-TW': '已取消收藏', 'ko-KR': '즐겨찾기에서 뺐습니다', 'ru-RU': 'Удалено из избранного' },
  已修改: { 'en-US': 'Changed', 'zh-TW': '已修改', 'ko-KR': '수정했습니다', 'ru-RU': 'Изменено' },
  已置顶: { 'en-US': 'Pinned', 'zh-TW': '已置頂', 'ko-KR': '맨 위에 고정했습니다', 'ru-RU': 'Закреплено' },
  已取消置顶: { 'en-US': 'Unpinned', 'zh-TW': '已取消置頂', 'ko-KR': '고정을 해제했습니다', 'ru-RU': 'Откреплено' },
  实践应用已添加: { 'en-US': 'Practice app added', 'zh-TW': '實踐應用已新增', 'ko-KR': '실습 앱을 추가했습니다', 'ru-RU': 'Практическое приложение добавлено' },
};
