// Which calls are recorded, and as what. Every write (POST, PUT, PATCH,
// DELETE) under /new-chat is recorded unless listed in SKIPPED; a GET only
// when it exports. The action comes from the route's last word (status →
// publish, shares → share, …) or the method; the object type from the
// route's nouns. A route may also say it itself: `config: {record: {...}}`.

export interface RouteRecordRule {
  action: string;
  objectType: string;
  /** The body and reply hold a person's own words (chat, embed): names of fields only, no object name. */
  private?: boolean;
}

/** `config.record` on a route: false to skip it, or the rule to use. */
export type RouteRecordConfig = false | Partial<RouteRecordRule>;

declare module 'fastify' {
  interface FastifyContextConfig {
    record?: RouteRecordConfig;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Not recorded, each for a reason: reads sent as POST, the many chunks of one
 * upload (the upload itself is recorded), and the chat traffic itself —
 * every question and answer is a message row already (the board counts them)
 * and its text must never reach a record.
 */
const SKIPPED: RegExp[] = [
  /^POST \/new-chat\/course\/ragDataset\/search$/,
  /^POST \/new-chat\/app\/api\/file\/chunk$/,
  /^(POST|PUT) \/new-chat\/v[12]\/chat\/message$/,
  /^POST \/new-chat\/v[12]\/chat\/completions(\/stop)?$/,
  /^POST \/new-chat\/app\/api\/embed\/:key\/(messages|completions|stop|suggested|session)$/,
  /^POST \/new-chat\/gpt\/assistant-form\/run$/,
  /^POST \/new-chat\/course\/question-bank\/draw$/,
];

/** Routes whose action is not what the method says. */
const SPECIAL_ACTIONS: Array<[RegExp, RouteRecordRule]> = [
  [/^POST \/new-chat\/app\/api\/oauth\/token$/, { action: 'login', objectType: 'session' }],
  [/^(POST|DELETE) \/new-chat\/app\/api\/oauth\/(logout|token)$/, { action: 'logout', objectType: 'session' }],
  [/^PUT \/new-chat\/app\/user\/password\/update$/, { action: 'password', objectType: 'user' }],
  [/^PUT \/new-chat\/app\/user$/, { action: 'update', objectType: 'user' }],
  [/^POST \/new-chat\/course\/ragDataset\/:id\/documents$/, { action: 'import', objectType: 'knowledge_document' }],
  [/^POST \/new-chat\/app\/user\/embed\/key\/:id\/secret$/, { action: 'update', objectType: 'embed_key' }],
  [/^PUT \/new-chat\/app\/user\/portal\/:slug$/, { action: 'settings', objectType: 'portal' }],
  [/^PUT \/new-chat\/course\/course-evaluation\/indicators$/, { action: 'settings', objectType: 'course_evaluation' }],
  [/^(POST|PUT) \/new-chat\/v[12]\/chat$/, { action: 'update', objectType: 'chat', private: true }],
  [/^POST \/new-chat\/v1\/chat\/share$/, { action: 'share', objectType: 'chat', private: true }],
  [/^POST \/new-chat\/app\/api\/embed\/:key\/(conversation\/delete|feedback)$/, { action: 'update', objectType: 'embed_chat', private: true }],
  [/^POST \/new-chat\/v1\/chat\/message\/feedback$/, { action: 'update', objectType: 'message_feedback', private: true }],
  [/^POST \/new-chat\/course\/lessons\/:id\/complete$/, { action: 'complete', objectType: 'lesson' }],
  [/^POST \/new-chat\/course\/join$/, { action: 'join', objectType: 'course' }],
];

/** The last word of a route decides the action when it is a verb-like word. */
const ACTION_WORDS: Record<string, string> = {
  status: 'publish',
  release: 'publish',
  shares: 'share',
  share: 'share',
  teachers: 'permission',
  classes: 'permission',
  students: 'permission',
  members: 'permission',
  membership: 'permission',
  import: 'import',
  export: 'export',
  restore: 'restore',
  delete: 'delete',
  reindex: 'update',
  joinCode: 'update',
  outline: 'update',
  add: 'update',
  remove: 'update',
};

/** Route nouns → object type (first match wins; more specific first). */
const OBJECT_TYPES: Array<[RegExp, string]> = [
  [/ragDataset\/document/, 'knowledge_document'],
  [/ragDataset\/chunk/, 'knowledge_passage'],
  [/ragDataset/, 'knowledge_library'],
  [/resource\/folder/, 'resource_folder'],
  [/resource/, 'resource'],
  [/chat\/share/, 'chat_share'],
  [/chat\/top/, 'chat'],
  [/chat\/assistant\/session/, 'assistant_session'],
  [/\/chat/, 'chat'],
  [/promptTemplate/, 'prompt_template'],
  [/courses\/:id\/chapters$/, 'chapter'],
  [/chapters\/:id\/lessons$/, 'lesson'],
  [/\/course\/courses/, 'course'],
  [/\/course\/chapters/, 'chapter'],
  [/\/course\/lessons/, 'lesson'],
  [/\/course\/classes/, 'class'],
  [/favorite/, 'assistant_favorite'],
  [/assistant/, 'assistant'],
  [/practice\/app/, 'practice_app'],
  [/embed\/key/, 'embed_key'],
  [/evaluations\/:id\/submissions/, 'submission'],
  [/submissions/, 'submission'],
  [/evaluations/, 'evaluation'],
  [/question-bank/, 'question'],
  [/course-evaluation/, 'course_evaluation'],
  [/board\/records/, 'operation_records'],
  [/\/file\//, 'file'],
  [/\/app\/user/, 'user'],
];

const PRIVATE_ROUTES = /\/v[12]\/chat|\/app\/api\/embed\//;

function objectTypeOf(route: string): string {
  for (const [pattern, type] of OBJECT_TYPES) if (pattern.test(route)) return type;
  const nouns = route.split('/').filter((part) => part && !part.startsWith(':') && part !== 'new-chat');
  return (nouns.at(-1) ?? 'unknown').replace(/[^\w-]/g, '').toLowerCase() || 'unknown';
}

function actionOf(method: string, route: string): string {
  const words = route.split('/').filter((part) => part && !part.startsWith(':'));
  const last = words.at(-1) ?? '';
  if (ACTION_WORDS[last]) return ACTION_WORDS[last]!;
  if (method === 'GET') return 'export';
  if (method === 'DELETE') return 'delete';
  if (method === 'POST') return 'create';
  return 'update';
}

/** How a call is recorded, or null when it is not. */
export function ruleFor(method: string, route: string, config: RouteRecordConfig | undefined): RouteRecordRule | null {
  if (config === false) return null;
  const key = `${method} ${route}`;
  const isExport = method === 'GET' && /\/export$|\/download$/.test(route);
  if (config === undefined) {
    if (!WRITE_METHODS.has(method) && !isExport) return null;
    if (!route.startsWith('/new-chat/')) return null;
    if (SKIPPED.some((pattern) => pattern.test(key))) return null;
  }
  const special = SPECIAL_ACTIONS.find(([pattern]) => pattern.test(key))?.[1];
  const base: RouteRecordRule = special ?? {
    action: actionOf(method, route),
    objectType: objectTypeOf(route),
    ...(PRIVATE_ROUTES.test(route) ? { private: true } : {}),
  };
  return { ...base, ...(config ?? {}) };
}
