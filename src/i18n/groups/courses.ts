import { i18n } from '../core'
import { coursesZhCN } from '../courses/zh-CN'

export const $courseMessages = i18n('courses', coursesZhCN)
