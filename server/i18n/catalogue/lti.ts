// Messages, field titles and page words of LTI 1.3 (server/modules/lti).
import type { Catalogue } from './index.js';

const e = (en: string, tw: string, ko: string, ru: string) => ({ 'en-US': en, 'zh-TW': tw, 'ko-KR': ko, 'ru-RU': ru });

export const ltiMessages: Catalogue = {
  '平台地址须为 https://（仅本机地址可用 http://）': e(
    'Platform addresses must be https:// (http:// only on this computer’s own address)',
    '平台位址須為 https://（僅本機位址可用 http://）',
    '플랫폼 주소는 https://여야 합니다(http://는 이 컴퓨터 주소에서만)',
    'Адреса платформы должны начинаться с https:// (http:// — только для адреса этого компьютера)',
  ),
  '至少填写一个部署 ID': e(
    'Enter at least one deployment ID',
    '至少填寫一個部署 ID',
    '배포 ID를 하나 이상 입력해 주세요',
    'Укажите хотя бы один ID развёртывания',
  ),
  '这个平台的这个客户端 ID 已经登记过': e(
    'This platform is already registered with this client ID',
    '這個平台的這個用戶端 ID 已經登記過',
    '이 플랫폼은 이 클라이언트 ID로 이미 등록되어 있습니다',
    'Эта платформа уже зарегистрирована с этим ID клиента',
  ),
  '没有这个 LTI 平台': e('No such LTI platform', '沒有這個 LTI 平台', '그런 LTI 플랫폼이 없습니다', 'Такой платформы LTI нет'),
  '没能从平台读取名单，请稍后再试': e(
    'Could not read the roster from the platform. Please try again later',
    '沒能從平台讀取名單，請稍後再試',
    '플랫폼에서 명단을 읽지 못했습니다. 잠시 후 다시 시도해 주세요',
    'Не удалось получить список с платформы. Попробуйте позже',
  ),
  没有这个账号: e('No such account', '沒有這個帳號', '그런 계정이 없습니다', 'Такой учётной записи нет'),
  这个平台用户已关联到另一个账号: e(
    'This platform user is already linked to another account',
    '這個平台使用者已關聯到另一個帳號',
    '이 플랫폼 사용자는 이미 다른 계정에 연결되어 있습니다',
    'Этот пользователь платформы уже связан с другой учётной записью',
  ),
  这个账号已关联到这个平台的另一个用户: e(
    'This account is already linked to another user of this platform',
    '這個帳號已關聯到這個平台的另一個使用者',
    '이 계정은 이미 이 플랫폼의 다른 사용자에 연결되어 있습니다',
    'Эта учётная запись уже связана с другим пользователем этой платформы',
  ),
  已关联: e('Linked', '已關聯', '연결됨', 'Связано'),
  // Field titles.
  签发方: e('Issuer', '簽發方', '발급자', 'Издатель'),
  登录提示: e('Login hint', '登入提示', '로그인 힌트', 'Подсказка входа'),
  目标地址: e('Target link URI', '目標位址', '대상 링크 URI', 'Целевой адрес'),
  消息提示: e('Message hint', '訊息提示', '메시지 힌트', 'Подсказка сообщения'),
  '部署 ID': e('Deployment ID', '部署 ID', '배포 ID', 'ID развёртывания'),
  'ID 令牌': e('ID token', 'ID 權杖', 'ID 토큰', 'ID-токен'),
  请求: e('Request', '請求', '요청', 'Запрос'),
  所选内容: e('Chosen item', '所選內容', '선택한 항목', 'Выбранный элемент'),
  平台名称: e('Platform name', '平台名稱', '플랫폼 이름', 'Название платформы'),
  平台签发方: e('Platform issuer', '平台簽發方', '플랫폼 발급자', 'Издатель платформы'),
  平台认证地址: e('Platform authentication URL', '平台認證位址', '플랫폼 인증 URL', 'Адрес входа платформы'),
  平台令牌地址: e('Platform token URL', '平台權杖位址', '플랫폼 토큰 URL', 'Адрес токенов платформы'),
  平台公钥地址: e('Platform public keys URL (JWKS)', '平台公鑰位址', '플랫폼 공개 키 URL(JWKS)', 'Адрес открытых ключей платформы (JWKS)'),
  可嵌入的平台地址: e('Platform address allowed to frame', '可嵌入的平台位址', '삽입을 허용할 플랫폼 주소', 'Адрес платформы, которой можно встраивать'),
  平台: e('Platform', '平台', '플랫폼', 'Платформа'),
  平台课程: e('Platform course', '平台課程', '플랫폼 강좌', 'Курс платформы'),
  '平台用户 ID': e('Platform user ID', '平台使用者 ID', '플랫폼 사용자 ID', 'ID пользователя платформы'),
  // The deep linking picker's words.
  选择要放入课程的内容: e('Choose what to place in the course', '選擇要放入課程的內容', '강좌에 넣을 항목을 선택하세요', 'Выберите, что добавить в курс'),
  测评: e('Evaluation', '測評', '평가', 'Оценивание'),
  放入课程: e('Place in the course', '放入課程', '강좌에 넣기', 'Добавить в курс'),
  '你还没有可放入的课程、助手或测评': e(
    'You have no course, assistant or evaluation to place yet',
    '你還沒有可放入的課程、助手或測評',
    '넣을 수 있는 강좌, 도우미 또는 평가가 아직 없습니다',
    'У вас пока нет курса, ассистента или оценивания для добавления',
  ),
  正在返回课程平台: e('Returning to the course platform', '正在返回課程平台', '강좌 플랫폼으로 돌아가는 중', 'Возвращаемся на платформу курса'),
  继续: e('Continue', '繼續', '계속', 'Продолжить'),
};
