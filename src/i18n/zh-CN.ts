import { params as i18nParams } from './plural'
import type { adminZhCN } from './admin/zh-CN'
import type { quotaZhCN } from './quota/zh-CN'
import type { phoneAccountZhCN } from './quota/phone-zh-CN'
import type { assistantsZhCN } from './assistants/zh-CN'
import type { practiceZhCN } from './practice/zh-CN'
import type { coursesZhCN } from './courses/zh-CN'
import type { knowledgeZhCN } from './knowledge/zh-CN'
import type { evaluationZhCN } from './evaluation/zh-CN'
import type { courseEvaluationZhCN } from './course-evaluation/zh-CN'
import type { resourcesZhCN } from './resources/zh-CN'
import type { boardZhCN } from './board/zh-CN'
import type { liveZhCN } from './live/zh-CN'
import type { mindmapsZhCN } from './mindmaps/zh-CN'
import type { safetyZhCN } from './safety/zh-CN'
import type { ltiZhCN } from './lti/zh-CN'
import type { signonZhCN } from './signon/zh-CN'
import type { placementsZhCN } from './placements/zh-CN'
import type { generationsZhCN } from './generations/zh-CN'
import type { chatZhCN } from './chat/zh-CN'
import type { embedZhCN } from './embed/zh-CN'
import type { portalsZhCN } from './portals/zh-CN'
import { loadStateZhCN, phoneZhCN } from './shared/zh-CN'

/**
 * The shell's base words (zh-CN, SPEC §9 default), grouped by the part of the
 * UI that shows them; the other locales in ./locales must translate every key
 * of BaseCatalogue, the areas' words included (checked by type).
 */
export const zhCN = {
  common: {
    productTitle: '职业院校一站式AI大模型应用服务平台',
    empty: '暂无数据',
    loading: '加载中…',
    ok: '确定',
    cancel: '取消',
    save: '保存',
    close: '关闭',
    back: '返回',
    dismiss: '关闭提示',
    somethingWrong: '出错了，请稍后再试',
    unauthorized: '未经授权，请先验证',
    operationSucceeded: '操作成功',
    operationFailed: '操作失败',
    connecting: '服务器连接中，请稍后再试～',
    notifications: '通知',
  },
  menu: {
    dialogue: 'AI对话',
    courseManagement: '课程管理',
    teachingCourses: '授课课程',
    courseEvaluation: '课程评价',
    aiApps: 'AI应用',
    inquiryPractice: '探究实践',
    evaluationManagement: '评价管理',
    dataBoard: '数据看板',
    schoolAdmin: '学校管理',
    quotaAdmin: 'AI额度',
    placements: '岗位实习',
    knowledgeLibrary: '知识库',
    resourceLibrary: '资源库',
  },
  areas: {
    dialogue: 'AI对话',
    courseList: '课程列表',
    courseShowList: '课程展示',
    courseDetail: '课程详情',
    apps: 'AI应用',
    chat: '应用对话',
    appsExternal: '探究实践',
    evaluation: '评价管理',
    dataBoard: '数据看板',
    optionRecord: '操作记录',
    admin: '学校管理',
    quotaAdmin: 'AI 额度管理',
    placements: '岗位实习',
    placementSign: '导师签字',
    knowledgeLibrary: '知识库',
    resourceLibrary: '资源库',
    portal: '门户',
    mainPortal: '主门户',
    secondIndustryPortal: '产业门户',
    shareView: '分享内容',
    externalChat: '外部对话',
    iframe: '嵌入页面',
    fullDialogue: '全屏对话',
    mindMap: '思维导图',
    imageGenerate: '文生图',
    videoGenerate: '文生视频',
    live: '课堂互动',
    liveJoin: '加入课堂',
    comingSoon: '该功能即将上线',
  },
  shell: {
    mainNavigation: '主导航',
    collapse: '收起侧边栏',
    expand: '展开侧边栏',
    openMenu: '打开菜单',
    profile: '个人资料',
    theme: '主题',
    themeAuto: '跟随系统',
    themeDark: '深色',
    themeLight: '浅色',
    language: '语言',
    signOut: '退出登录',
    backToBoard: '返回',
    logoAlt: '站点标志',
    avatarAlt: '用户头像',
  },
  login: {
    heading: '欢迎登录',
    username: '用户名',
    password: '密码',
    usernamePlaceholder: '请输入用户名',
    passwordPlaceholder: '请输入密码',
    submit: '登录',
    submitting: '登录中…',
    required: '请输入用户名和密码',
    agreementPrefix: '登录即表示您已阅读并同意',
    agreementLink: '《用户协议》',
    signonHeading: '使用学校账号登录',
    signonBusy: '正在登录…',
    signonFailed: '学校账号登录没有完成，请重试',
    signonDisabled: '你的学校账号已停用，请联系学校管理员',
    signonNoRole: '你的学校账号没有可用的身份，请联系学校管理员',
    signonTaken: '已有同名账号，需学校管理员设置关联后才能登录',
  },
  profile: {
    title: '个人资料',
    nickname: '昵称',
    nicknamePlaceholder: '请输入昵称',
    username: '账号',
    changeAvatar: '更换头像',
    uploading: '上传中…',
    avatarNotImage: '请选择图片文件',
    avatarTooLarge: i18nParams('图片不能超过 {max} MB'),
    saveProfile: '保存资料',
    profileSaved: '资料已保存',
    passwordSection: '修改密码',
    oldPassword: '原密码',
    newPassword: '新密码',
    confirmPassword: '确认新密码',
    changePassword: '修改密码',
    passwordRequired: '请填写原密码和新密码',
    passwordTooShort: i18nParams('新密码至少需要 {min} 位'),
    passwordSameAsOld: '新密码不能与原密码相同',
    passwordMismatch: '两次输入的新密码不一致',
    passwordChanged: '密码已修改',
    clientSection: '切换身份',
    clientType1: '教师端',
    clientType2: '管理展示端',
    clientType3: '学生端',
    current: '当前',
    preferences: '偏好设置',
  },
  pages: {
    notFoundTitle: '页面不存在',
    notFoundText: '您访问的页面不存在或已被移除。',
    serverErrorTitle: '服务器开小差了',
    serverErrorText: '请稍后再试，或返回首页。',
    backHome: '返回首页',
    retry: '重试',
    agreementTitle: '用户协议',
  },
  loadState: loadStateZhCN,
  phone: phoneZhCN,
}

/**
 * Every group's base words: the shell's (above, in the first load) and each
 * area's (in its own file, loaded with the elements that show them).
 */
export type BaseCatalogue = typeof zhCN & {
  chat: typeof chatZhCN
  assistants: typeof assistantsZhCN
  practice: typeof practiceZhCN
  courses: typeof coursesZhCN
  portals: typeof portalsZhCN
  embed: typeof embedZhCN
  admin: typeof adminZhCN
  quota: typeof quotaZhCN
  phoneAccount: typeof phoneAccountZhCN
  knowledge: typeof knowledgeZhCN
  evaluation: typeof evaluationZhCN
  courseEvaluation: typeof courseEvaluationZhCN
  resources: typeof resourcesZhCN
  board: typeof boardZhCN
  live: typeof liveZhCN
  mindmaps: typeof mindmapsZhCN
  safety: typeof safetyZhCN
  lti: typeof ltiZhCN
  signon: typeof signonZhCN
  placements: typeof placementsZhCN
  generations: typeof generationsZhCN
}

/** A translation must cover every component and key of the base, as plain strings. */
export type Catalogue = {
  [Component in keyof BaseCatalogue]: { [Key in keyof BaseCatalogue[Component]]: string }
}
