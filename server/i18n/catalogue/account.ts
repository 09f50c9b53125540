// Messages of sign-in, profile, password and the client switch (server/modules/account).
import type { Catalogue } from './index.js';

export const accountMessages: Catalogue = {
  '密码太常见或容易被猜到（如 12345678、password 或用户名加数字），请换一个更长、更少见的密码': {
    'en-US': 'This password is too common or easy to guess (like 12345678, password or your username plus digits). Choose a longer, less common one',
    'zh-TW': '密碼太常見或容易被猜到（如 12345678、password 或使用者名稱加數字），請換一個更長、更少見的密碼',
    'ko-KR': '너무 흔하거나 추측하기 쉬운 비밀번호입니다(예: 12345678, password, 아이디+숫자). 더 길고 흔하지 않은 비밀번호를 사용해 주세요',
    'ru-RU':
      'Пароль слишком распространён или легко угадывается (например, 12345678, password или имя пользователя с цифрами). Выберите более длинный и редкий',
  },
  你的账号请使用学校统一身份认证登录: {
    'en-US': 'Your account signs in with your school account: use the school’s button',
    'zh-TW': '你的帳號請使用學校統一身分認證登入',
    'ko-KR': '이 계정은 학교 통합 인증으로 로그인해 주세요',
    'ru-RU': 'Ваша учётная запись входит через учётную запись учебного заведения',
  },
  用户名或密码错误: {
    'en-US': 'Wrong username or password',
    'zh-TW': '使用者名稱或密碼錯誤',
    'ko-KR': '아이디 또는 비밀번호가 올바르지 않습니다',
    'ru-RU': 'Неверное имя пользователя или пароль',
  },
  '密码错误次数过多，请 {0}后再试': {
    'en-US': 'Too many wrong passwords. Try again in {0}',
    'zh-TW': '密碼錯誤次數過多，請 {0}後再試',
    'ko-KR': '비밀번호를 너무 많이 틀렸습니다. {0} 후에 다시 시도해 주세요',
    'ru-RU': 'Слишком много неверных паролей. Повторите через {0}',
  },
  '请使用 POST 提交用户名和密码，密码不能放在网址里': {
    'en-US': 'Send the username and password with POST; a password never goes in the address',
    'zh-TW': '請使用 POST 提交使用者名稱和密碼，密碼不能放在網址裡',
    'ko-KR': '아이디와 비밀번호는 POST로 보내 주세요. 비밀번호를 주소에 넣으면 안 됩니다',
    'ru-RU': 'Отправляйте имя и пароль методом POST; пароль нельзя передавать в адресе',
  },
  // Why a sign-in in use was ended (http/auth.ts), said with its 401.
  '密码已在其他地方修改，请用新密码重新登录': {
    'en-US': 'Your password was changed elsewhere. Sign in with the new password',
    'zh-TW': '密碼已在其他地方修改，請用新密碼重新登入',
    'ko-KR': '다른 곳에서 비밀번호가 변경되었습니다. 새 비밀번호로 다시 로그인해 주세요',
    'ru-RU': 'Ваш пароль изменили в другом месте. Войдите с новым паролем',
  },
  '学校管理员已重置你的密码，请用管理员给你的新密码登录': {
    'en-US': 'Your school administrator reset your password. Sign in with the new password they give you',
    'zh-TW': '學校管理員已重設你的密碼，請用管理員給你的新密碼登入',
    'ko-KR': '학교 관리자가 비밀번호를 초기화했습니다. 관리자가 알려 준 새 비밀번호로 로그인해 주세요',
    'ru-RU': 'Администратор школы сбросил ваш пароль. Войдите с новым паролем от администратора',
  },
  '学校管理员已取消你的这一身份，请重新登录': {
    'en-US': 'Your school administrator removed this role from your account. Please sign in again',
    'zh-TW': '學校管理員已取消你的這一身分，請重新登入',
    'ko-KR': '학교 관리자가 계정에서 이 역할을 없앴습니다. 다시 로그인해 주세요',
    'ru-RU': 'Администратор школы убрал эту роль из вашей учётной записи. Войдите снова',
  },
  '你已退出登录，请重新登录': {
    'en-US': 'You signed out. Please sign in again',
    'zh-TW': '你已登出，請重新登入',
    'ko-KR': '로그아웃되었습니다. 다시 로그인해 주세요',
    'ru-RU': 'Вы вышли из системы. Войдите снова',
  },
  '你已切换身份，请重新登录': {
    'en-US': 'You switched to another role. Please sign in again',
    'zh-TW': '你已切換身分，請重新登入',
    'ko-KR': '다른 역할로 전환했습니다. 다시 로그인해 주세요',
    'ru-RU': 'Вы переключились на другую роль. Войдите снова',
  },
  已退出登录: { 'en-US': 'Signed out', 'zh-TW': '已登出', 'ko-KR': '로그아웃되었습니다', 'ru-RU': 'Вы вышли из системы' },
  资料已更新: { 'en-US': 'Profile updated', 'zh-TW': '資料已更新', 'ko-KR': '프로필이 업데이트되었습니다', 'ru-RU': 'Профиль обновлён' },
  '密码已修改，其他设备需要重新登录': {
    'en-US': 'Password changed. Other devices need to sign in again',
    'zh-TW': '密碼已修改，其他裝置需要重新登入',
    'ko-KR': '비밀번호가 변경되었습니다. 다른 기기에서는 다시 로그인해야 합니다',
    'ru-RU': 'Пароль изменён. На других устройствах нужно войти снова',
  },
  原密码不正确: {
    'en-US': 'The current password is not correct',
    'zh-TW': '原密碼不正確',
    'ko-KR': '현재 비밀번호가 올바르지 않습니다',
    'ru-RU': 'Текущий пароль неверен',
  },
  新密码不能与原密码相同: {
    'en-US': 'The new password must differ from the current one',
    'zh-TW': '新密碼不能與原密碼相同',
    'ko-KR': '새 비밀번호는 현재 비밀번호와 달라야 합니다',
    'ru-RU': 'Новый пароль должен отличаться от текущего',
  },
  '你的账号只有一种身份，无需切换': {
    'en-US': 'Your account has only one role; there is nothing to switch to',
    'zh-TW': '你的帳號只有一種身分，無需切換',
    'ko-KR': '계정에 역할이 하나뿐이라 바꿀 필요가 없습니다',
    'ru-RU': 'У вашей учётной записи одна роль, переключаться не нужно',
  },
  '你的账号没有该身份，无法切换': {
    'en-US': 'Your account does not have this role',
    'zh-TW': '你的帳號沒有該身分，無法切換',
    'ko-KR': '계정에 해당 역할이 없어 바꿀 수 없습니다',
    'ru-RU': 'У вашей учётной записи нет этой роли',
  },
  昵称不能包含换行等控制字符: {
    'en-US': 'The nickname must not contain line breaks or other control characters',
    'zh-TW': '暱稱不能包含換行等控制字元',
    'ko-KR': '닉네임에 줄바꿈 같은 제어 문자를 넣을 수 없습니다',
    'ru-RU': 'Имя не может содержать переносы строк и другие управляющие символы',
  },
  '头像必须是图片（png、jpg、gif 或 webp）': {
    'en-US': 'The avatar must be an image (png, jpg, gif or webp)',
    'zh-TW': '頭像必須是圖片（png、jpg、gif 或 webp）',
    'ko-KR': '프로필 사진은 이미지(png, jpg, gif, webp)여야 합니다',
    'ru-RU': 'Аватар должен быть изображением (png, jpg, gif или webp)',
  },
  '头像请上传图片，或填写以 http(s):// 开头的图片地址': {
    'en-US': 'Upload an image for the avatar, or give an image address starting with http(s)://',
    'zh-TW': '頭像請上傳圖片，或填寫以 http(s):// 開頭的圖片網址',
    'ko-KR': '프로필 사진은 이미지를 올리거나 http(s)://로 시작하는 이미지 주소를 입력해 주세요',
    'ru-RU': 'Загрузите изображение для аватара или укажите адрес, начинающийся с http(s)://',
  },
  '头像需先通过上传接口上传图片，再使用返回的 url': {
    'en-US': 'Upload the avatar image first, then use the address it returns',
    'zh-TW': '頭像需先透過上傳介面上傳圖片，再使用傳回的 url',
    'ko-KR': '프로필 사진은 먼저 업로드한 뒤 돌려받은 주소를 사용해 주세요',
    'ru-RU': 'Сначала загрузите изображение аватара, затем используйте полученный адрес',
  },
  '该账号在智学平台中不存在，请联系学校管理员开通': {
    'en-US': 'This account does not exist on Zhixue. Ask your school administrator to create it',
    'zh-TW': '該帳號在智學平台中不存在，請聯絡學校管理員開通',
    'ko-KR': '이 계정은 즈쉐에 없습니다. 학교 관리자에게 개설을 요청해 주세요',
    'ru-RU': 'Такой учётной записи в Zhixue нет. Обратитесь к администратору школы',
  },
};
