import { i18n } from '../core'
import { ltiZhCN } from '../lti/zh-CN'

export const $ltiMessages = i18n('lti', ltiZhCN)
