import type { TokenGrant } from './account'
import { request, type RequestOptions } from './client'

// Phone sign-in, binding and reset by SMS code, apart from the quota calls:
// the login page needs three of these, not the whole quota client.
// All quiet: the forms show why a code was not sent or not accepted.

export type SmsScene = 'login' | 'bind' | 'reset'
export const sendSmsCode = (phone: string, scene: SmsScene) => request<null>('POST', 'app/api/sms/send', { phone, scene }, { quiet: true })
export const signInWithPhone = (phone: string, code: string) => request<TokenGrant>('POST', 'app/api/oauth/token', { phone, code }, { quiet: true })
export const resetPasswordWithPhone = (phone: string, code: string, newPassword: string) =>
  request<null>('POST', 'app/api/password/reset', { phone, code, newPassword }, { quiet: true })
export const fetchBoundPhone = (options?: RequestOptions) => request<{ phone: string | null }>('GET', 'app/user/phone', undefined, options)
export const bindPhone = (phone: string, code: string) => request<{ phone: string | null }>('POST', 'app/user/phone', { phone, code }, { quiet: true })
export const unbindPhone = () => request<{ phone: string | null }>('DELETE', 'app/user/phone')
