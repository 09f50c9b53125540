// What a new installation starts with: the demo school's site settings,
// dictionaries, the user agreement and privacy policy, and the demo users.
import type { ClientType } from './schema.js';

export const ASSETS_PREFIX = '/new-chat/assets/';

export const DEFAULT_SITE = {
  siteTitle: '智学 · 职业院校一站式AI大模型应用服务平台',
  siteLogo: `${ASSETS_PREFIX}logo.svg`,
  textLogo: `${ASSETS_PREFIX}text-logo.svg`,
};

export const DEMO_SCHOOL_NAME = '智学示范职业技术学院';

// The demo manager holds the admin right (school administration).
export const DEMO_USERS: ReadonlyArray<{ username: string; name: string; nickname: string; clientTypes: ClientType[]; admin?: boolean }> = [
  { username: 'teacher', name: '王老师', nickname: '王老师', clientTypes: ['1'] },
  { username: 'manager', name: '李主任', nickname: '李主任', clientTypes: ['2'], admin: true },
  { username: 'student', name: '张同学', nickname: '张同学', clientTypes: ['3'] },
];

export const DEMO_CLASS = { name: '2024级数控技术1班', teacher: 'teacher', students: ['student'] };

const entries = (labels: string[]) => labels.map((label, i) => ({ label, value: String(i + 1) }));

export const DICTIONARIES: Record<string, Array<{ label: string; value: string }>> = {
  course_category: entries([
    '数控技术',
    '机电一体化技术',
    '工业机器人技术',
    '汽车检测与维修技术',
    '计算机应用技术',
    '软件技术',
    '电子商务',
    '大数据与会计',
    '护理',
    '学前教育',
  ]),
  term: [
    { label: '2024-2025学年第一学期', value: '2024-1' },
    { label: '2024-2025学年第二学期', value: '2024-2' },
    { label: '2025-2026学年第一学期', value: '2025-1' },
    { label: '2025-2026学年第二学期', value: '2025-2' },
  ],
  client_type: [
    { label: '教师端', value: '1' },
    { label: '管理端', value: '2' },
    { label: '学生端', value: '3' },
  ],
};

export const AGREEMENTS: ReadonlyArray<{ id: string; title: string; content: string }> = [
  {
    id: '1',
    title: '用户协议',
    content: `# 智学平台用户协议

欢迎使用智学职业院校一站式AI大模型应用服务平台（以下简称“本平台”）。本平台由你所在学校部署和管理，账号由学校统一发放。

## 一、账号与安全
1. 请妥善保管账号和密码，不要转借他人使用。首次登录后请尽快修改初始密码。
2. 发现账号异常时，请立即修改密码并联系学校管理员。

## 二、使用规范
1. 本平台用于教学、学习和校内管理，请勿上传违法、侵权或与教学无关的内容。
2. AI 生成的内容仅供学习参考，可能存在错误，请结合教材和教师指导判断。
3. 请勿利用本平台进行考试作弊、抄袭或其他违反学术诚信的行为。

## 三、内容与知识产权
1. 你上传的作业、资料等内容归你或相应权利人所有，学校在教学范围内使用。
2. 课程资源的版权归学校或原作者所有，未经许可不得对外传播。

## 四、服务变更
学校可根据教学需要调整平台功能。重要变更会在平台内通知。

如有疑问，请联系学校信息中心。`,
  },
  {
    id: '2',
    title: '隐私政策',
    content: `# 智学平台隐私政策

我们重视你的个人信息保护。本政策说明本平台收集哪些信息、如何使用以及你享有的权利。

## 一、我们收集的信息
- **账号信息**：用户名、姓名、昵称、头像、所在班级和身份（教师、管理或学生）。
- **使用信息**：你与 AI 的对话、上传的文件、课程学习记录和测评结果。
- **日志信息**：访问时间、请求地址等运行日志。日志中不记录密码和登录凭证。

## 二、信息的使用
- 提供登录、课程教学、AI 对话、测评和数据看板等功能。
- 教师可查看所教班级学生的学习情况；学生之间不能查看彼此的对话和作业。
- 不会将你的个人信息用于与教学无关的用途，也不会出售给任何第三方。

## 三、信息的存储与保护
- 数据保存在学校部署的服务器上。密码经过不可逆加密后保存。
- 若学校配置了外部大模型服务，你的提问内容会发送给该服务以生成回答。

## 四、你的权利
你可以在个人资料中修改昵称、头像和密码；如需更正或删除其他信息，请联系学校管理员。`,
  },
];
