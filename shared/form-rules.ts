// The rules of form apps, shared as data and code by the server (which
// enforces them) and the browser (which checks the same rules before
// sending, with the same messages). Pure: no imports, no Node or DOM.

export type FormFieldType = 'text' | 'textarea' | 'number' | 'select' | 'multiselect';

export interface FormField {
  /** Key in the values and in the template's {{name}} placeholders. */
  name: string;
  label: string;
  type: FormFieldType;
  required?: boolean;
  placeholder?: string;
  /** text / textarea, in characters. */
  minLength?: number;
  maxLength?: number;
  /** number */
  min?: number;
  max?: number;
  integer?: boolean;
  /** select / multiselect */
  options?: string[];
  minSelected?: number;
  maxSelected?: number;
  default?: string | number | string[];
}

export type FormValue = string | number | string[] | null | undefined;
export type FormValues = Record<string, FormValue>;

export type FormRule =
  | 'required'
  | 'requiredChoice'
  | 'tooShort'
  | 'tooLong'
  | 'notNumber'
  | 'notInteger'
  | 'tooSmall'
  | 'tooLarge'
  | 'notOption'
  | 'tooFew'
  | 'tooMany'
  | 'unknownField';

export interface FieldProblem {
  field: string;
  label: string;
  rule: FormRule;
  limit?: number;
}

/** Without a maxLength a text field still has one, so nobody pastes a book into a prompt. */
export const DEFAULT_MAX_LENGTH: Record<'text' | 'textarea', number> = { text: 200, textarea: 2000 };

/** The messages, in Chinese; the browser's zh-CN catalogue uses these very templates. */
export const FORM_MESSAGES_ZH: Record<FormRule, string> = {
  required: '请填写「{label}」',
  requiredChoice: '请选择「{label}」',
  tooShort: '「{label}」至少需要 {limit} 个字',
  tooLong: '「{label}」最多 {limit} 个字，请精简一些',
  notNumber: '「{label}」请填写数字',
  notInteger: '「{label}」请填写整数',
  tooSmall: '「{label}」不能小于 {limit}',
  tooLarge: '「{label}」不能大于 {limit}',
  notOption: '「{label}」请从给出的选项中选择',
  tooFew: '「{label}」至少选择 {limit} 项',
  tooMany: '「{label}」最多选择 {limit} 项',
  unknownField: '表单中没有「{label}」这一项，请刷新页面后重试',
};

export function formatProblem(templates: Record<FormRule, string>, problem: FieldProblem): string {
  return templates[problem.rule].replace('{label}', problem.label).replace('{limit}', String(problem.limit ?? ''));
}

const charCount = (text: string) => Array.from(text).length;

function isEmpty(value: FormValue): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** A number from a number or numeric text; NaN when it is neither. */
export function toNumber(value: FormValue): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value.trim());
  return Number.NaN;
}

function checkField(field: FormField, value: FormValue): FieldProblem | null {
  const problem = (rule: FormRule, limit?: number): FieldProblem => ({
    field: field.name,
    label: field.label,
    rule,
    ...(limit === undefined ? {} : { limit }),
  });
  const choice = field.type === 'select' || field.type === 'multiselect';
  if (isEmpty(value)) return field.required ? problem(choice ? 'requiredChoice' : 'required') : null;

  switch (field.type) {
    case 'text':
    case 'textarea': {
      if (typeof value !== 'string') return problem('required');
      const length = charCount(value.trim());
      if (field.minLength !== undefined && length < field.minLength) return problem('tooShort', field.minLength);
      const max = field.maxLength ?? DEFAULT_MAX_LENGTH[field.type];
      if (length > max) return problem('tooLong', max);
      return null;
    }
    case 'number': {
      const n = toNumber(value);
      if (!Number.isFinite(n)) return problem('notNumber');
      if (field.integer && !Number.isInteger(n)) return problem('notInteger');
      if (field.min !== undefined && n < field.min) return problem('tooSmall', field.min);
      if (field.max !== undefined && n > field.max) return problem('tooLarge', field.max);
      return null;
    }
    case 'select':
      if (typeof value !== 'string' || !(field.options ?? []).includes(value)) return problem('notOption');
      return null;
    case 'multiselect': {
      const picked = Array.isArray(value) ? value : [value];
      if (picked.some((v) => typeof v !== 'string' || !(field.options ?? []).includes(v))) return problem('notOption');
      const count = new Set(picked).size;
      if (field.minSelected !== undefined && count < field.minSelected) return problem('tooFew', field.minSelected);
      if (field.maxSelected !== undefined && count > field.maxSelected) return problem('tooMany', field.maxSelected);
      return null;
    }
  }
}

/** Every problem of the values, in field order (unknown keys last). Empty when the form may be sent. */
export function checkFormValues(fields: readonly FormField[], values: FormValues): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const field of fields) {
    const found = checkField(field, values[field.name]);
    if (found) problems.push(found);
  }
  const known = new Set(fields.map((f) => f.name));
  for (const key of Object.keys(values)) {
    if (!known.has(key)) problems.push({ field: key, label: key, rule: 'unknownField' });
  }
  return problems;
}

/** How a value reads inside the prompt. */
function valueText(field: FormField, value: FormValue): string {
  if (isEmpty(value)) return '';
  if (Array.isArray(value)) return [...new Set(value)].join('、');
  if (field.type === 'number') return String(toNumber(value));
  return String(value).trim();
}

/**
 * The prompt for checked values: each {{name}} replaced by its value. A line
 * whose placeholders are all empty optional fields is left out, so an
 * unfilled "补充要求：{{notes}}" does not reach the model as a dangling label.
 */
export function fillPrompt(template: string, fields: readonly FormField[], values: FormValues): string {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const lines = template.split('\n').flatMap((line) => {
    const names = [...line.matchAll(/\{\{\s*([\w-]+)\s*\}\}/gu)].map((m) => m[1]!);
    const texts = names.map((name) => {
      const field = byName.get(name);
      return field ? valueText(field, values[name]) : '';
    });
    if (names.length > 0 && texts.every((t) => t === '')) return [];
    return [
      line.replace(/\{\{\s*([\w-]+)\s*\}\}/gu, (_, name: string) => {
        const field = byName.get(name);
        return field ? valueText(field, values[name]) : '';
      }),
    ];
  });
  return lines.join('\n').trim();
}
