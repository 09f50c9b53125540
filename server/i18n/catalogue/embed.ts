// The assistant embedded in a school's own website (keys, allowed sites,
// signed visitors) and the portal pages that show it.
import type { Catalogue } from './index.js';

export const embedMessages: Catalogue = {
  '“{0}”不是有效的网站地址，请只填写协议、域名和端口，例如 https://www.school.edu.cn': {
    'en-US': '“{0}” is not a valid site address. Give only the scheme, domain and port, e.g. https://www.school.edu.cn',
    'zh-TW': '「{0}」不是有效的網站位址，請只填寫協定、網域和連接埠，例如 https://www.school.edu.cn',
    'ko-KR': '“{0}”은(는) 올바른 사이트 주소가 아닙니다. 프로토콜, 도메인, 포트만 입력해 주세요(예: https://www.school.edu.cn)',
    'ru-RU': '«{0}» — неверный адрес сайта. Укажите только протокол, домен и порт, например https://www.school.edu.cn',
  },
  '最多允许 {0} 个网站，请删减后再保存': {
    'en-US': 'At most {0} sites are allowed. Remove some and save again',
    'zh-TW': '最多允許 {0} 個網站，請刪減後再儲存',
    'ko-KR': '사이트는 최대 {0}개까지 허용됩니다. 줄인 뒤 다시 저장해 주세요',
    'ru-RU': 'Можно указать не больше {0} сайтов. Удалите лишние и сохраните снова',
  },
  '请至少填写一个允许嵌入的网站地址，或允许在智学自带页面中使用': {
    'en-US': 'Enter at least one site allowed to embed it, or allow it on Zhixue’s own pages',
    'zh-TW': '請至少填寫一個允許嵌入的網站位址，或允許在智學自帶頁面中使用',
    'ko-KR': '삽입을 허용할 사이트 주소를 하나 이상 입력하거나 Zhixue 자체 페이지에서 사용을 허용해 주세요',
    'ru-RU': 'Укажите хотя бы один сайт, где можно встраивать, или разрешите использование на страницах Zhixue',
  },
  '表单应用不能嵌入对话，请选择对话类助手': {
    'en-US': 'A form app cannot be embedded as a chat. Choose a chat assistant',
    'zh-TW': '表單應用不能嵌入對話，請選擇對話類助手',
    'ko-KR': '양식 앱은 대화로 삽입할 수 없습니다. 대화형 도우미를 선택해 주세요',
    'ru-RU': 'Приложение-форму нельзя встроить как чат. Выберите чат-ассистента',
  },
  '请填写密钥名称，例如“学校官网”': {
    'en-US': 'Enter a name for the key, e.g. “School website”',
    'zh-TW': '請填寫金鑰名稱，例如「學校官網」',
    'ko-KR': '키 이름을 입력해 주세요(예: “학교 홈페이지”)',
    'ru-RU': 'Укажите название ключа, например «Сайт школы»',
  },
  '嵌入密钥不存在，请检查网页代码中的 data-key': {
    'en-US': 'The embed key does not exist. Check data-key in the page code',
    'zh-TW': '嵌入金鑰不存在，請檢查網頁程式碼中的 data-key',
    'ko-KR': '삽입 키가 없습니다. 웹 페이지 코드의 data-key를 확인해 주세요',
    'ru-RU': 'Ключ встраивания не найден. Проверьте data-key в коде страницы',
  },
  '请从网页中使用 AI 助手（请求缺少 Origin）': {
    'en-US': 'Use the AI assistant from a web page (the request has no Origin)',
    'zh-TW': '請從網頁中使用 AI 助手（請求缺少 Origin）',
    'ko-KR': '웹 페이지에서 AI 도우미를 사용해 주세요(요청에 Origin이 없음)',
    'ru-RU': 'Пользуйтесь ИИ-ассистентом со страницы сайта (в запросе нет Origin)',
  },
  '该 AI 助手已暂停使用，请联系网站管理员': {
    'en-US': 'This AI assistant is paused. Contact the site administrator',
    'zh-TW': '該 AI 助手已暫停使用，請聯絡網站管理員',
    'ko-KR': '이 AI 도우미는 사용이 중지되었습니다. 사이트 관리자에게 문의해 주세요',
    'ru-RU': 'Этот ИИ-ассистент приостановлен. Обратитесь к администратору сайта',
  },
  感谢反馈: { 'en-US': 'Thanks for your feedback', 'zh-TW': '感謝回饋', 'ko-KR': '의견을 보내 주셔서 감사합니다', 'ru-RU': 'Спасибо за отзыв' },
  嵌入密钥已删除: { 'en-US': 'Embed key deleted', 'zh-TW': '嵌入金鑰已刪除', 'ko-KR': '삽입 키를 삭제했습니다', 'ru-RU': 'Ключ встраивания удалён' },
  '嵌入脚本尚未构建，请运行 npm run build 后重启服务': {
    'en-US': 'The embed script has not been built. Run npm run build and restart the server',
    'zh-TW': '嵌入腳本尚未建置，請執行 npm run build 後重新啟動服務',
    'ko-KR': '삽입 스크립트가 아직 빌드되지 않았습니다. npm run build를 실행한 뒤 서버를 다시 시작해 주세요',
    'ru-RU': 'Скрипт встраивания не собран. Выполните npm run build и перезапустите сервер',
  },
  无法读取嵌入脚本: {
    'en-US': 'The embed script could not be read',
    'zh-TW': '無法讀取嵌入腳本',
    'ko-KR': '삽입 스크립트를 읽을 수 없습니다',
    'ru-RU': 'Не удалось прочитать скрипт встраивания',
  },
  '该嵌入密钥未开启身份签名，请去掉签名参数或在智学中开启': {
    'en-US': 'Identity signing is off for this embed key. Remove the signature parameters or turn it on in Zhixue',
    'zh-TW': '該嵌入金鑰未開啟身分簽章，請去掉簽章參數或在智學中開啟',
    'ko-KR': '이 삽입 키는 신원 서명이 꺼져 있습니다. 서명 매개변수를 빼거나 Zhixue에서 켜 주세요',
    'ru-RU': 'Для этого ключа подпись личности выключена. Уберите параметры подписи или включите её в Zhixue',
  },
  '身份签名不完整：需要 user、expires 和 signature': {
    'en-US': 'The identity signature is incomplete: user, expires and signature are needed',
    'zh-TW': '身分簽章不完整：需要 user、expires 和 signature',
    'ko-KR': '신원 서명이 불완전합니다: user, expires, signature가 필요합니다',
    'ru-RU': 'Подпись личности неполная: нужны user, expires и signature',
  },

  // Portal pages
  '横幅请上传图片，或填写以 http(s):// 开头的图片地址': {
    'en-US': 'For the banner, upload an image or enter an image address starting with http(s)://',
    'zh-TW': '橫幅請上傳圖片，或填寫以 http(s):// 開頭的圖片位址',
    'ko-KR': '배너는 이미지를 업로드하거나 http(s)://로 시작하는 이미지 주소를 입력해 주세요',
    'ru-RU': 'Для баннера загрузите изображение или укажите адрес, начинающийся с http(s)://',
  },
  '只能推荐系统助手或已发布到全校的助手，请重新选择': {
    'en-US': 'Only built-in assistants or ones published to the whole school can be featured. Choose again',
    'zh-TW': '只能推薦系統助手或已發佈到全校的助手，請重新選擇',
    'ko-KR': '시스템 도우미나 학교 전체에 공개된 도우미만 추천할 수 있습니다. 다시 선택해 주세요',
    'ru-RU': 'Рекомендовать можно только встроенных ассистентов или опубликованных для всей школы. Выберите снова',
  },
  '只能推荐已发布的课程，请重新选择': {
    'en-US': 'Only published courses can be featured. Choose again',
    'zh-TW': '只能推薦已發佈的課程，請重新選擇',
    'ko-KR': '공개된 과정만 추천할 수 있습니다. 다시 선택해 주세요',
    'ru-RU': 'Рекомендовать можно только опубликованные курсы. Выберите снова',
  },
  请填写每个链接的名称: {
    'en-US': 'Enter a name for each link',
    'zh-TW': '請填寫每個連結的名稱',
    'ko-KR': '링크마다 이름을 입력해 주세요',
    'ru-RU': 'Укажите название для каждой ссылки',
  },
  '链接“{0}”的地址应以 http(s):// 或 / 开头': {
    'en-US': 'The address of the link “{0}” must start with http(s):// or /',
    'zh-TW': '連結「{0}」的位址應以 http(s):// 或 / 開頭',
    'ko-KR': '링크 “{0}”의 주소는 http(s):// 또는 /로 시작해야 합니다',
    'ru-RU': 'Адрес ссылки «{0}» должен начинаться с http(s):// или /',
  },
  请选择你自己创建的嵌入密钥: {
    'en-US': 'Choose an embed key you created',
    'zh-TW': '請選擇你自己建立的嵌入金鑰',
    'ko-KR': '직접 만든 삽입 키를 선택해 주세요',
    'ru-RU': 'Выберите ключ встраивания, созданный вами',
  },
  '该嵌入密钥不允许在智学自带页面中使用，请先在密钥设置中开启': {
    'en-US': 'This embed key is not allowed on Zhixue’s own pages. Turn that on in the key settings first',
    'zh-TW': '該嵌入金鑰不允許在智學自帶頁面中使用，請先在金鑰設定中開啟',
    'ko-KR': '이 삽입 키는 Zhixue 자체 페이지에서 사용할 수 없습니다. 먼저 키 설정에서 켜 주세요',
    'ru-RU': 'Этот ключ нельзя использовать на страницах Zhixue. Сначала включите это в настройках ключа',
  },

  // Toasts
  嵌入密钥已创建: { 'en-US': 'Embed key created', 'zh-TW': '嵌入金鑰已建立', 'ko-KR': '삽입 키를 만들었습니다', 'ru-RU': 'Ключ встраивания создан' },
  '已生成新的签名密钥，旧密钥立即失效': {
    'en-US': 'A new signing secret was created; the old one stops working now',
    'zh-TW': '已產生新的簽章金鑰，舊金鑰立即失效',
    'ko-KR': '새 서명 키를 만들었습니다. 이전 키는 바로 사용할 수 없습니다',
    'ru-RU': 'Создан новый ключ подписи, старый сразу перестал действовать',
  },
  门户已保存: { 'en-US': 'Portal saved', 'zh-TW': '入口網站已儲存', 'ko-KR': '포털을 저장했습니다', 'ru-RU': 'Портал сохранён' },

  // The name of a key's service account (service-user.ts), in the language of the teacher who made the key; {0} is the key's name.
  '网站访客（{0}）': {
    'en-US': 'Website visitor ({0})',
    'zh-TW': '網站訪客（{0}）',
    'ko-KR': '웹사이트 방문자({0})',
    'ru-RU': 'Посетитель сайта ({0})',
  },
  网站访客: { 'en-US': 'Website visitor', 'zh-TW': '網站訪客', 'ko-KR': '웹사이트 방문자', 'ru-RU': 'Посетитель сайта' },
};
