/**
 * Words of the public pages built on the embed: the full-page chat
 * (/externalChat, /iframe, /fullDialogue) and the portals (/portal,
 * /mainPortal, /secondIndustryPortal). Base locale; ./<locale>.ts
 * translate every key.
 */
export const portalsZhCN = {
  missingKey: '链接中缺少 AI 助手的嵌入密钥（key）',
  missingKeyHint: '请向老师或网站管理员索取完整的链接。已登录的同学可以直接使用 AI 对话。',
  openDialogue: '打开 AI 对话',
  loadFailed: '无法加载 AI 助手，请检查网络后刷新页面',
  retry: '重试',
  defaultTitle: '智慧校园门户',
  defaultSubtitle: '随时向 AI 助手提问，找到适合你的课程与工具',
  featuredAssistants: '推荐 AI 助手',
  featuredCourses: '精品课程',
  links: '常用链接',
  signIn: '登录平台',
  enterPlatform: '进入平台',
  useAssistant: '去使用',
  viewCourse: '查看课程',
  emptyPortal: '门户内容正在建设中，敬请期待',
  notFound: '该门户页面不存在',
  edit: '编辑门户',
  chatHint: '点击右下角的按钮，向 AI 助手提问',
}
