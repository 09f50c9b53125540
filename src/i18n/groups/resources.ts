import { i18n } from '../core'
import { resourcesZhCN } from '../resources/zh-CN'

export const $resourcesMessages = i18n('resources', resourcesZhCN)
