import { i18n } from '../core'
import { coursesZhCN } from '../courses/zh-CN'

export const $coursesMessages = i18n('courses', coursesZhCN)
