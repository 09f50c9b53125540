// Messages and field titles of school sign-on (server/modules/signon).
import type { Catalogue } from './index.js';

const e = (en: string, tw: string, ko: string, ru: string) => ({ 'en-US': en, 'zh-TW': tw, 'ko-KR': ko, 'ru-RU': ru });

export const signonMessages: Catalogue = {
  没有这种登录方式: e('No such sign-in method', '沒有這種登入方式', '그런 로그인 방식이 없습니다', 'Такого способа входа нет'),
  '登录已失效，请重新登录': e(
    'This sign-in has expired. Please sign in again',
    '登入已失效，請重新登入',
    '로그인이 만료되었습니다. 다시 로그인해 주세요',
    'Вход устарел. Войдите снова',
  ),
  '签发方地址须为 https://（仅本机地址可用 http://）': e(
    'The issuer address must be https:// (http:// only on this computer’s own address)',
    '簽發方位址須為 https://（僅本機位址可用 http://）',
    '발급자 주소는 https://여야 합니다(http://는 이 컴퓨터 주소에서만)',
    'Адрес издателя должен начинаться с https:// (http:// — только для адреса этого компьютера)',
  ),
  'OpenID Connect 须填写客户端 ID': e(
    'OpenID Connect needs a client ID',
    'OpenID Connect 須填寫用戶端 ID',
    'OpenID Connect에는 클라이언트 ID가 필요합니다',
    'Для OpenID Connect нужен ID клиента',
  ),
  允许密码登录: e('Password sign-in allowed', '允許密碼登入', '비밀번호 로그인 허용', 'Вход по паролю разрешён'),
  '你的学校账号没有可用的身份，请联系学校管理员': e(
    'Your school account has no role here. Please contact your school administrator',
    '你的學校帳號沒有可用的身分，請聯絡學校管理員',
    '학교 계정에 사용할 수 있는 역할이 없습니다. 학교 관리자에게 문의해 주세요',
    'У вашей учётной записи нет роли здесь. Обратитесь к администратору',
  ),
  '已有同名账号，需学校管理员设置关联后才能登录': e(
    'An account with the same name exists; your school administrator must link them first',
    '已有同名帳號，需學校管理員設定關聯後才能登入',
    '같은 이름의 계정이 있습니다. 학교 관리자가 먼저 연결해야 합니다',
    'Учётная запись с таким именем уже есть; администратор должен сначала связать их',
  ),
  登录方式: e('Sign-in method', '登入方式', '로그인 방식', 'Способ входа'),
  返回地址: e('Return address', '返回位址', '돌아갈 주소', 'Адрес возврата'),
  授权码: e('Authorization code', '授權碼', '인가 코드', 'Код авторизации'),
  错误: e('Error', '錯誤', '오류', 'Ошибка'),
  登录凭据: e('Sign-in ticket', '登入憑據', '로그인 티켓', 'Билет входа'),
  身份对应: e('Groups to client types', '身分對應', '그룹별 사용자 유형', 'Группы и типы клиентов'),
  关联方式: e('Link existing accounts by', '關聯方式', '기존 계정 연결 기준', 'Связывать существующие учётные записи по'),
  对应规则: e('Mapping rules', '對應規則', '매핑 규칙', 'Правила сопоставления'),
  签发方地址: e('Issuer address', '簽發方位址', '발급자 주소', 'Адрес издателя'),
  '客户端 ID': e('Client ID', '用戶端 ID', '클라이언트 ID', 'ID клиента'),
  授权范围: e('Scopes', '授權範圍', '권한 범위', 'Области доступа'),
  连接设置: e('Connection', '連線設定', '연결 설정', 'Подключение'),
  按钮名称: e('Button name', '按鈕名稱', '버튼 이름', 'Название кнопки'),
  客户端密钥: e('Client secret', '用戶端密鑰', '클라이언트 시크릿', 'Секрет клиента'),
  示例声明: e('Sample claims', '範例宣告', '예시 클레임', 'Пример утверждений'),
  身份声明: e('Groups claim', '身分宣告', '그룹 클레임', 'Утверждение с группами'),
  用户名声明: e('Username claim', '使用者名稱宣告', '아이디 클레임', 'Утверждение с именем пользователя'),
  姓名声明: e('Name claim', '姓名宣告', '이름 클레임', 'Утверждение с ФИО'),
  邮箱声明: e('E-mail claim', '信箱宣告', '이메일 클레임', 'Утверждение с эл. почтой'),
  工号学号声明: e('Staff or student number claim', '工號學號宣告', '교번·학번 클레임', 'Утверждение с табельным или студенческим номером'),
  班级声明: e('Class claim', '班級宣告', '반 클레임', 'Утверждение с группой'),
  启用状态声明: e('Active claim', '啟用狀態宣告', '활성 상태 클레임', 'Утверждение об активности'),
  '登录尝试太多，请稍后再试': e(
    'Too many sign-in attempts. Try again later',
    '登入嘗試太多，請稍後再試',
    '로그인 시도가 너무 많습니다. 잠시 후 다시 시도하세요',
    'Слишком много попыток входа. Попробуйте позже',
  ),
};
