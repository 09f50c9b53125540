import type { PortalsCatalogue } from './catalogue'

export const portalsZhTW: PortalsCatalogue = {
  missingKey: '連結中缺少 AI 助手的嵌入金鑰（key）',
  missingKeyHint: '請向老師或網站管理員索取完整的連結。已登入的同學可以直接使用 AI 對話。',
  openDialogue: '開啟 AI 對話',
  loadFailed: '無法載入 AI 助手，請檢查網路後重新整理頁面',
  retry: '重試',
  defaultTitle: '智慧校園入口',
  defaultSubtitle: '隨時向 AI 助手提問，找到適合你的課程與工具',
  featuredAssistants: '推薦 AI 助手',
  featuredCourses: '精品課程',
  links: '常用連結',
  signIn: '登入平台',
  enterPlatform: '進入平台',
  useAssistant: '去使用',
  viewCourse: '查看課程',
  emptyPortal: '入口內容正在建置中，敬請期待',
  notFound: '該入口頁面不存在',
  edit: '編輯入口',
  chatHint: '點擊右下角的按鈕，向 AI 助手提問',
}
