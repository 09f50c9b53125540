// The spreadsheet template a teacher fills in to import questions: the
// bank's columns with one example of each usual type, all in the reader's
// language. The examples are written like an export (bank-sheet.ts), so the
// template itself imports as five questions.
import type { ServerLocale } from '../../i18n/locales.js';
import { bankSheet, type SheetQuestion } from './bank-sheet.js';
import { writeXlsxInWorker } from './files.js';

/** The examples' text in each language (G-codes and option letters are the same everywhere). */
interface ExampleText {
  spindle: string;
  spindleWhy: string;
  interpolation: string;
  rapid: string;
  programEnd: string;
  toolSetting: string;
  toolSettingAnswer: string;
  commandsTag: string;
  structureTag: string;
  toolSettingTag: string;
  principle: string;
  steps: string;
  /** The short question's rubric levels, best first, shown on both criteria. */
  levels: string[];
}

const TEXT: Record<ServerLocale, ExampleText> = {
  'zh-CN': {
    spindle: '数控车床的主轴功能字是？',
    spindleWhy: 'S 指定主轴转速。',
    interpolation: '以下哪些是插补指令？',
    rapid: 'G00 是快速定位指令。',
    programEnd: '程序结束并返回的指令是 ____。',
    toolSetting: '简述对刀的原理和步骤。',
    toolSettingAnswer: '确定工件坐标系……',
    commandsTag: '指令',
    structureTag: '程序结构',
    toolSettingTag: '对刀',
    principle: '原理',
    steps: '步骤',
    levels: ['完整准确', '基本正确', '缺失或错误'],
  },
  'en-US': {
    spindle: 'Which address sets the spindle function on a CNC lathe?',
    spindleWhy: 'S sets the spindle speed.',
    interpolation: 'Which of these are interpolation commands?',
    rapid: 'G00 is the rapid positioning command.',
    programEnd: 'The command that ends the program and returns to its start is ____.',
    toolSetting: 'Briefly describe the principle and the steps of tool setting.',
    toolSettingAnswer: 'Locate the workpiece coordinate system…',
    commandsTag: 'Commands',
    structureTag: 'Program structure',
    toolSettingTag: 'Tool setting',
    principle: 'Principle',
    steps: 'Steps',
    levels: ['Complete and accurate', 'Mostly right', 'Missing or wrong'],
  },
  'zh-TW': {
    spindle: '數控車床的主軸功能字是？',
    spindleWhy: 'S 指定主軸轉速。',
    interpolation: '以下哪些是插補指令？',
    rapid: 'G00 是快速定位指令。',
    programEnd: '程式結束並返回的指令是 ____。',
    toolSetting: '簡述對刀的原理和步驟。',
    toolSettingAnswer: '確定工件座標系……',
    commandsTag: '指令',
    structureTag: '程式結構',
    toolSettingTag: '對刀',
    principle: '原理',
    steps: '步驟',
    levels: ['完整準確', '基本正確', '缺漏或錯誤'],
  },
  'ko-KR': {
    spindle: 'CNC 선반에서 주축 기능을 지정하는 주소는?',
    spindleWhy: 'S는 주축 회전 속도를 지정합니다.',
    interpolation: '다음 중 보간 지령은?',
    rapid: 'G00은 급속 위치 결정 지령이다.',
    programEnd: '프로그램을 끝내고 처음으로 돌아가는 지령은 ____이다.',
    toolSetting: '공구 세팅의 원리와 절차를 간단히 설명하시오.',
    toolSettingAnswer: '공작물 좌표계를 정한다…',
    commandsTag: '지령',
    structureTag: '프로그램 구조',
    toolSettingTag: '공구 세팅',
    principle: '원리',
    steps: '절차',
    levels: ['완전하고 정확함', '대체로 맞음', '누락 또는 오류'],
  },
  'ru-RU': {
    spindle: 'Какой адрес задаёт функцию шпинделя на токарном станке с ЧПУ?',
    spindleWhy: 'S задаёт частоту вращения шпинделя.',
    interpolation: 'Какие из этих команд — команды интерполяции?',
    rapid: 'G00 — команда ускоренного позиционирования.',
    programEnd: 'Команда конца программы с возвратом в начало — ____.',
    toolSetting: 'Кратко опишите принцип и порядок привязки инструмента.',
    toolSettingAnswer: 'Определить систему координат детали…',
    commandsTag: 'Команды',
    structureTag: 'Структура программы',
    toolSettingTag: 'Привязка инструмента',
    principle: 'Принцип',
    steps: 'Порядок',
    levels: ['Полно и точно', 'В основном верно', 'Нет или неверно'],
  },
};

function examples(t: ExampleText): SheetQuestion[] {
  const base = { options: null, rubric: null, explanation: '' };
  return [
    {
      ...base,
      type: 'single',
      stem: t.spindle,
      options: ['S', 'F', 'T', 'M'],
      answer: 0,
      points: 2,
      difficulty: 2,
      tags: [t.commandsTag],
      explanation: t.spindleWhy,
    },
    {
      ...base,
      type: 'multiple',
      stem: t.interpolation,
      options: ['G01', 'G02', 'M03', 'G03'],
      answer: [0, 1, 3],
      points: 3,
      difficulty: 3,
      tags: [t.commandsTag],
    },
    { ...base, type: 'judge', stem: t.rapid, answer: true, points: 1, difficulty: 1, tags: [t.commandsTag] },
    { ...base, type: 'blank', stem: t.programEnd, answer: ['M30', 'M 30'], points: 2, difficulty: 2, tags: [t.structureTag] },
    {
      ...base,
      type: 'short',
      stem: t.toolSetting,
      answer: t.toolSettingAnswer,
      points: 10,
      difficulty: 3,
      tags: [t.toolSettingTag],
      rubric: [
        { criterion: t.principle, points: 6, levels: t.levels },
        { criterion: t.steps, points: 4, levels: t.levels },
      ],
    },
  ];
}

export async function bankTemplate(locale: ServerLocale): Promise<Buffer> {
  return writeXlsxInWorker([bankSheet('题库导入模板', examples(TEXT[locale]), locale)]);
}
