import { params as i18nParams } from '../plural'

/**
 * Words of phone sign-in, binding and password reset: the login
 * page and the profile's phone section, a group of their own so the login
 * page's first load does not carry the quota area's words.
 * Base locale; ./phone-<locale>.ts translate every key.
 */
export const phoneAccountZhCN = {
  passwordTab: '账号登录',
  phoneTab: '手机号登录',
  phone: '手机号',
  phonePlaceholder: '请输入手机号',
  smsCode: '验证码',
  smsCodePlaceholder: '6 位验证码',
  sendCode: '获取验证码',
  resend: i18nParams<{ seconds: number }>('{seconds} 秒后重发'),
  codeSent: '验证码已发送，5 分钟内有效',
  phoneInvalid: '请输入正确的手机号',
  phoneAndCode: '请输入手机号和验证码',
  forgot: '忘记密码？',
  forgotAskAdmin: '忘记密码请联系学校管理员重设',
  resetTitle: '用手机号重设密码',
  newPassword: '新密码',
  resetSubmit: '重设密码',
  resetDone: '密码已重设，请用新密码登录',
  backToLogin: '返回登录',
  phoneSection: '手机号',
  boundAs: i18nParams<{ phone: string }>('已绑定 {phone}，可用它登录和找回密码'),
  notBound: '还没有绑定手机号',
  bind: '绑定',
  unbind: '解除绑定',
  bindDone: '手机号已绑定',
  unbindAsk: '解除后不能再用这个手机号登录或找回密码。确定解除吗？',
}
