// A long, realistic model answer for bench/markdown-stream.ts: Chinese and
// English prose, tight and loose lists, code in several languages, tables,
// tip blocks and a little inline math, as a teaching assistant for a
// vocational school would write it. Deterministic (seeded), so every run
// streams the same text.

/** mulberry32: small, fast, seeded. */
export function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ZH = [
  '数控机床通过程序控制刀具的运动轨迹，加工精度主要取决于伺服系统和机械结构的刚性。',
  '在编写加工程序之前，应当先确认工件坐标系的原点，并检查刀具补偿值是否正确。',
  'PLC 的扫描周期包括输入采样、程序执行和输出刷新三个阶段，理解这一点有助于排查时序问题。',
  '护理操作中，无菌原则是防止交叉感染的基础，每一步都需要严格遵守规范。',
  '会计分录要做到“有借必有贷，借贷必相等”，这是复式记账法的核心。',
  '电工作业前必须断电、验电、挂牌上锁，确认安全后才能开始工作。',
  '学习编程时，先理解变量、条件和循环，再逐步接触函数与面向对象。',
  '焊接电流过大容易造成咬边和烧穿，过小则会导致未焊透，需要根据板厚调整。',
  '数据库的索引能显著加快查询速度，但也会增加写入的开销，要权衡使用。',
  '实训课上，同学们分组完成项目，每组需要提交一份包含测试结果的报告。',
];

const EN = [
  'The feed rate should be reduced when the tool engages a harder material, otherwise the cutting edge wears quickly.',
  'A ladder diagram reads from left to right and top to bottom, which mirrors how the PLC evaluates each rung.',
  'Always validate user input on the server as well, because client-side checks can be bypassed easily.',
  'Spreadsheets are convenient for small ledgers, but a proper accounting system keeps an audit trail.',
  'When the sensor reading drifts, calibrate it against a known reference before blaming the controller.',
  'Version control lets the whole class collaborate on one project without overwriting each other’s work.',
];

const CODE: [string, string][] = [
  [
    'python',
    'def spindle_speed(vc, d):\n    """Spindle speed n (rpm) from cutting speed vc (m/min) and diameter d (mm)."""\n    import math\n\n    return 1000 * vc / (math.pi * d)\n\n\nfor d in (6, 8, 10, 12):\n    print(f"D={d} mm -> n={spindle_speed(120, d):.0f} rpm")',
  ],
  [
    'javascript',
    "// Sum the scores of a class and report the average\nconst scores = [86, 92, 78, 95, 88]\nconst total = scores.reduce((sum, s) => sum + s, 0)\n\nconsole.log(`average: ${(total / scores.length).toFixed(1)}`)\nif (total / scores.length > 85) {\n  console.log('good work!')\n}",
  ],
  [
    'sql',
    "SELECT s.name, AVG(g.score) AS avg_score\nFROM students s\nJOIN grades g ON g.student_id = s.id\nWHERE g.term = '2026-1'\nGROUP BY s.name\nHAVING AVG(g.score) >= 60\nORDER BY avg_score DESC;",
  ],
  [
    'java',
    'public class Motor {\n    private final double ratedPower; // kW\n\n    public Motor(double ratedPower) {\n        this.ratedPower = ratedPower;\n    }\n\n    public double current(double voltage, double pf) {\n        return ratedPower * 1000 / (Math.sqrt(3) * voltage * pf);\n    }\n}',
  ],
  [
    'c',
    '#include <stdio.h>\n\nint main(void) {\n    int sensor = 0;\n    for (int i = 0; i < 10; i++) {\n        sensor += i * 3;\n        printf("reading %d: %d\\n", i, sensor);\n    }\n    return 0;\n}',
  ],
  ['bash', '# Back up the project folder before the exam\ntar -czf backup-$(date +%F).tar.gz ./project\nls -lh backup-*.tar.gz'],
];

const TABLE_ROWS = [
  ['铝合金 Aluminium', '200–400', '0.10', '高速切削'],
  ['45# 钢 Steel', '80–120', '0.08', '需冷却液'],
  ['不锈钢 Stainless', '60–90', '0.06', '注意加工硬化'],
  ['铸铁 Cast iron', '70–110', '0.10', '干切'],
  ['黄铜 Brass', '150–250', '0.12', '排屑好'],
  ['钛合金 Titanium', '30–60', '0.05', '低速大进给'],
];

const MATH = ['$v_c = \\frac{\\pi D n}{1000}$', '$F = f_z \\times z \\times n$', '$P = \\sqrt{3} U I \\cos\\varphi$', '$R = \\rho \\frac{l}{S}$'];

/**
 * Splits text into model-like tokens: a CJK character is about one token,
 * a Latin word about one (a long one two or more), with its leading space
 * attached, and punctuation one each. Roughly what BPE tokenizers do.
 */
export function tokenize(text: string): string[] {
  return text.match(/[ \t]*(?:[\u3400-\u9fff\uf900-\ufaff]|[A-Za-z]{1,7}|\d{1,3}|\n|[^\sA-Za-z\d])|\s/gu) ?? [];
}

function paragraph(random: () => number, sentences: string[], count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += sentences[Math.floor(random() * sentences.length)];
  return out;
}

function section(random: () => number, index: number): string {
  const pick = <T>(list: readonly T[]): T => {
    const item = list[Math.floor(random() * list.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  const parts: string[] = [];
  parts.push(`## ${index + 1}. 第 ${index + 1} 部分：${pick(['加工工艺', '电气控制', '程序设计', '财务基础', '护理规范', '安全操作'])}`);
  parts.push(`${paragraph(random, ZH, 3)}${pick(EN)} 公式 ${pick(MATH)} 常用于估算。`);
  parts.push(paragraph(random, EN, 2));
  parts.push(Array.from({ length: 3 + Math.floor(random() * 3) }, (_, i) => `- **要点 ${i + 1}**：${pick(ZH)}`).join('\n'));
  if (random() < 0.6) {
    const [lang, code] = pick(CODE);
    parts.push(`示例代码如下（${lang}）：\n\n\`\`\`${lang}\n${code}\n\`\`\``);
  }
  if (random() < 0.4) {
    const rows = TABLE_ROWS.slice(0, 3 + Math.floor(random() * 4));
    parts.push(
      ['| 材料 | 切削速度 (m/min) | 每齿进给 (mm) | 备注 |', '| :--- | :---: | ---: | --- |', ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n'),
    );
  }
  if (random() < 0.5) {
    parts.push(Array.from({ length: 3 }, (_, i) => `${i + 1}. ${pick(ZH)}\n\n   ${pick(EN)}`).join('\n\n'));
  }
  if (random() < 0.25) parts.push(`> [!${pick(['TIP', 'NOTE', 'WARNING'])}]\n> ${pick(ZH)}\n> ${pick(EN)}`);
  parts.push(paragraph(random, ZH, 2));
  return parts.join('\n\n');
}

/** An answer of exactly `count` tokens, returned as its tokens. */
export function answerTokens(count: number, seed = 20261121): string[] {
  const random = seeded(seed);
  const sections: string[] = ['# 综合解答 · A complete answer\n\n下面分几个部分详细说明。This answer covers several topics in turn.'];
  let tokens: string[] = [];
  for (let i = 0; tokens.length < count; i++) {
    sections.push(section(random, i));
    if (i % 8 === 7 || tokens.length === 0) tokens = tokenize(sections.join('\n\n'));
  }
  tokens = tokenize(sections.join('\n\n'));
  return tokens.slice(0, count);
}
