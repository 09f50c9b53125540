import { ratingWordsZhCN } from '../chat/rating-zh-CN'

/**
 * Words of the embedded chat panel (script tag, iframe and external chat),
 * base locale. The panel does not load @nanostores/i18n (it must stay small):
 * these are plain strings, `{name}` placeholders filled by the panel.
 * ./widget-<locale>.ts translate every key (checked by type).
 */
export const widgetZhCN = {
  defaultTitle: 'AI 助手',
  close: '关闭',
  newChat: '新对话',
  history: '历史对话',
  back: '返回对话',
  noHistory: '还没有历史对话',
  untitled: '新对话',
  deleteConversation: '删除这段对话',
  chatLog: '对话内容',
  inputLabel: '输入你的问题',
  placeholder: '输入问题，Enter 发送',
  send: '发送',
  stop: '停止回答',
  stopped: '已停止',
  thinking: '正在思考…',
  copy: '复制',
  copied: '已复制',
  helpful: '有帮助',
  notHelpful: '没有帮助',
  ...ratingWordsZhCN,
  references: '参考资料（{n}）',
  suggestions: '你可能还想问',
  starters: '可以这样问',
  you: '你',
  answerDone: '回答完成：{text}',
  retry: '重试',
  loading: '加载中…',
  errorGeneric: '出错了，请稍后再试',
  connectFailed: '暂时无法连接 AI 助手，请检查网络后重试。网站管理员请确认本站已在智学中被允许使用该助手。',
  messagesLeft: '今日还可提问 {n} 次',
  thoughtFor: '已思考 {n} 秒',
  disclaimer: '内容由 AI 生成，仅供参考',
}
