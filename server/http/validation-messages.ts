// Turns schema validation errors into one sentence that names the field in
// words a person understands, e.g. "新密码（newPassword）至少需要 8 个字符".
// Routes give a field a readable name with the schema's `title`.

export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

type SchemaNode = { title?: unknown; properties?: Record<string, SchemaNode>; items?: SchemaNode; anyOf?: SchemaNode[] } | undefined;

const PART_NAMES: Record<string, string> = {
  body: '请求内容',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

const TYPE_NAMES: Record<string, string> = {
  string: '文本',
  number: '数字',
  integer: '整数',
  boolean: '布尔值',
  object: '对象',
  array: '列表',
  null: '空值',
};

/** The schema under `key`: an object's property, an array's items, or the union branch that has it. */
function childNode(node: SchemaNode, key: string): SchemaNode {
  if (!node) return undefined;
  const property = node.properties?.[key];
  if (property) return property;
  if (node.items && /^\d+$/.test(key)) return node.items;
  for (const branch of node.anyOf ?? []) {
    const found = childNode(branch, key);
    if (found) return found;
  }
  return undefined;
}

/** A field's title, also when it sits on a branch of a union (a value or null). */
function titleOf(node: SchemaNode): string | undefined {
  if (typeof node?.title === 'string') return node.title;
  for (const branch of node?.anyOf ?? []) {
    const title = titleOf(branch);
    if (title) return title;
  }
  return undefined;
}

function fieldLabel(path: string[], schema: SchemaNode, part: string): string {
  if (path.length === 0) return PART_NAMES[part] ?? '请求内容';
  let node = schema;
  for (const key of path) node = childNode(node, key);
  const name = path.join('.');
  const title = titleOf(node);
  return title ? `${title}（${name}）` : `字段 ${name}`;
}

/**
 * A union's own summary ("not an allowed value") says less than its one branch
 * of the value's type: 0 for "a number of minutes or null" is too small, so
 * that branch's error is the one to show. Type mismatches with the other
 * branches (0 is not null) are left aside.
 */
function unionBranchError(errors: SchemaError[], union: SchemaError): SchemaError {
  const branches = errors.filter((e) => e !== union && e.instancePath === union.instancePath && e.keyword !== 'type');
  return branches.length === 1 ? branches[0]! : union;
}

function pointerToPath(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function describe(error: SchemaError, label: string): string {
  const p = error.params;
  switch (error.keyword) {
    case 'minLength':
      return p.limit === 1 ? `${label}不能为空` : `${label}至少需要 ${p.limit} 个字符`;
    case 'maxLength':
      return `${label}不能超过 ${p.limit} 个字符`;
    case 'minItems':
      return `${label}至少需要 ${p.limit} 项`;
    case 'maxItems':
      return `${label}最多 ${p.limit} 项`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${label}不能小于 ${p.limit}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${label}不能大于 ${p.limit}`;
    case 'type': {
      const types = ([] as unknown[]).concat(p.type).map((t) => TYPE_NAMES[String(t)] ?? String(t));
      return `${label}应为${types.join('或')}`;
    }
    case 'pattern':
    case 'format':
      return `${label}格式不正确`;
    case 'enum':
    case 'const':
    case 'anyOf':
    case 'oneOf':
      return `${label}的取值不在允许范围内`;
    case 'additionalProperties':
      return `${label}含有不支持的字段：${([] as unknown[]).concat(p.additionalProperties).join('、')}`;
    default:
      return `${label}不正确`;
  }
}

/** One readable sentence for the most telling problem (fix one thing at a time). */
export function validationMessage(errors: SchemaError[], part: string, schema: unknown): string {
  const root = schema as SchemaNode;
  const required = errors.find((e) => e.keyword === 'required');
  if (required) {
    const missing = ([] as unknown[]).concat(required.params.requiredProperties ?? required.params.missingProperty);
    return `缺少${fieldLabel([...pointerToPath(required.instancePath), String(missing[0])], root, part)}`;
  }
  // An unknown field also shows up as "schema is false" at its own path; the
  // parent's additionalProperties error names it better.
  const union = errors.find((e) => (e.keyword === 'anyOf' || e.keyword === 'oneOf') && e.instancePath === errors[0]?.instancePath);
  const chosen =
    errors.find((e) => e.keyword === 'additionalProperties') ??
    // A union reports each branch it tried; its own summary, or the one branch of the value's type, says it best.
    (union ? unionBranchError(errors, union) : undefined) ??
    errors[0];
  if (!chosen) return `${PART_NAMES[part] ?? '请求内容'}不正确`;
  return describe(chosen, fieldLabel(pointerToPath(chosen.instancePath), root, part));
}
