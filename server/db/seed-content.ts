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

/**
 * The demo school's sample course (a new installation's first start): a lesson,
 * a knowledge document for the course AI, and a quiz the demo student can take.
 */
export const DEMO_COURSE = {
  title: '数控加工安全与基础（示例课程）',
  description: '示范学校的示例课程：一节课时、课程知识库和一份已发布的小测验，展示教师、学生和管理者各自看到的内容。',
  category: '数控技术',
  term: '2024-2025学年第一学期',
  systemPrompt: '你是《数控加工安全与基础》的课程助教。回答时优先依据课程知识库和学生正在阅读的课时，用通俗的语言解释，并提醒安全要点。',
  chapter: '第一章 数控车间安全',
  lesson: {
    title: '1.1 数控机床安全操作规程',
    minutes: 30,
    content: [
      '## 学习目标',
      '',
      '- 说出进入数控车间前必须完成的安全准备；',
      '- 按步骤完成开机、对刀和加工前的检查；',
      '- 知道发生异常时如何使用急停按钮。',
      '',
      '## 开机前',
      '',
      '1. 穿好工作服，扣紧袖口，戴好防护眼镜；长发盘入工作帽，**严禁戴手套操作旋转部件**。',
      '2. 检查润滑油、冷却液液位和气压是否正常，清理导轨上的切屑。',
      '3. 确认急停按钮可以按下并复位。',
      '',
      '## 加工中',
      '',
      '- 首件加工先用**单段运行**，并把进给倍率调低；',
      '- 加工时关闭防护门，不得用手触摸工件或清理切屑；',
      '- 听到异常声音或看到异常振动，立即按下**急停**。',
      '',
      ':::tip 安全口诀',
      '一查二试三单段，门关手离看仔细。',
      ':::',
    ].join('\n'),
  },
  dataset: {
    name: '数控加工安全资料（示例）',
    description: '示例课程的知识库：课程 AI 回答问题时引用这里的资料。',
    fileName: '数控车间安全手册.txt',
    text: [
      '数控车间安全手册',
      '',
      '第一条 进入车间必须穿工作服、戴防护眼镜，长发必须盘入工作帽。操作车床、铣床等旋转设备时严禁戴手套。',
      '',
      '第二条 开机前检查润滑油、冷却液和气压，清理导轨和工作台上的切屑，确认急停按钮有效。',
      '',
      '第三条 新程序首件加工必须先空运行或单段运行，进给倍率从低档开始，确认刀具路径正确后再正常加工。',
      '',
      '第四条 对刀可以采用试切法：先车削端面和外圆，测量后把实际尺寸输入刀具补偿。对刀时主轴转速和进给都要降低。',
      '',
      '第五条 加工过程中必须关闭防护门，不得用手清理切屑或触摸旋转的工件。发现异常声音、振动或报警时，立即按下急停按钮并报告指导教师。',
      '',
      '第六条 下课前关闭电源，清理机床，填写设备使用记录。',
    ].join('\n'),
  },
  quiz: {
    title: '第一章 安全操作小测验（示例）',
    description: '三道客观题，检查你是否掌握了数控机床的安全操作要点。',
    questions: [
      {
        type: 'single' as const,
        stem: '操作数控车床时，下列哪项做法是**错误**的？',
        options: ['穿工作服并扣紧袖口', '戴手套操作旋转部件', '戴防护眼镜', '长发盘入工作帽'],
        answer: 1,
        points: 4,
        tags: ['安全防护'],
        difficulty: 1,
        explanation: '旋转部件可能卷入手套，造成严重伤害，所以严禁戴手套操作。',
      },
      {
        type: 'judge' as const,
        stem: '新程序的首件加工应当先用单段运行，并把进给倍率调低。',
        answer: true,
        points: 3,
        tags: ['加工前检查'],
        difficulty: 1,
        explanation: '单段运行可以逐段确认刀具路径，降低撞刀风险。',
      },
      {
        type: 'single' as const,
        stem: '加工中听到异常声音并出现剧烈振动，首先应该：',
        options: ['继续加工观察一会儿', '打开防护门查看', '立即按下急停按钮', '调高进给倍率'],
        answer: 2,
        points: 3,
        tags: ['应急处置'],
        difficulty: 2,
        explanation: '发生异常时先按急停，再报告指导教师。',
      },
    ],
  },
};
