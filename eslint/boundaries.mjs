// The import boundaries of docs/architecture.md ("Layers and the one-face rule"),
// checked on every relative import, re-export and dynamic import():
//   - an area under src/elements imports only its own files, src/elements/shared
//     (the kit) and another area's define.ts (its face: it registers that area's
//     elements, used by tag); the kit imports no area;
//   - an area never imports the host app (src/host-app): the host app assembles
//     elements, not the other way round;
//   - a server module imports another module only through its index.ts, and so
//     does server code outside server/modules (http, db, context, main); only
//     the composition roots reach past a face: server/modules/index.ts wires
//     the modules' routes, server/app.ts builds the ports' implementations,
//     server/main.ts starts a first start's password hashes before the
//     server loads (a face would load its whole module);
//   - browser code (src/, test/browser/) never imports server/;
//   - server code never imports src/;
//   - shared/ (code both sides use) imports neither src/ nor server/.
// A small local rule rather than a plugin: it needs no module resolver (the server's
// `.js` specifiers name `.ts` files), it reads only the folder an import lands in.
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Repository-relative path with forward slashes. */
function rel(file) {
  return path.relative(ROOT, file).split(path.sep).join('/');
}

function elementArea(p) {
  const m = /^src\/elements\/([^/]+)\//.exec(p);
  return m ? m[1] : null;
}

function serverModule(p) {
  const m = /^server\/modules\/([^/]+)\/(.+)$/.exec(p);
  return m ? { name: m[1], rest: m[2] } : null;
}

/** Server files that assemble modules from their parts (routes, port implementations). */
const COMPOSITION_ROOTS = new Set(['server/modules/index.ts', 'server/app.ts', 'server/main.ts']);

/** Why importing `to` from `from` breaks a boundary, or null when it does not. */
export function violation(from, to) {
  const isBrowser = from.startsWith('src/') || from.startsWith('test/browser/');
  if (isBrowser && to.startsWith('server/')) {
    return 'browser code never imports server/ (put code both sides need in shared/)';
  }
  if (from.startsWith('server/') && to.startsWith('src/')) {
    return 'server code never imports src/ (put code both sides need in shared/)';
  }
  if (from.startsWith('shared/') && (to.startsWith('src/') || to.startsWith('server/'))) {
    return 'shared/ imports neither src/ nor server/';
  }
  const fromArea = elementArea(from);
  const toArea = elementArea(to);
  // An area's define.ts is its public face: importing it only registers its custom
  // elements, which another area then uses by tag (lazily, through import()).
  const isDefine = /^src\/elements\/[^/]+\/define(\.tsx?)?$/.test(to);
  if (fromArea && toArea && fromArea !== toArea && toArea !== 'shared' && !(isDefine && fromArea !== 'shared')) {
    return fromArea === 'shared'
      ? `the kit (src/elements/shared) imports no area, here "${toArea}"`
      : `area "${fromArea}" imports another area's element files ("${toArea}"): move what both use into src/elements/shared`;
  }
  if (fromArea && to.startsWith('src/host-app/')) {
    return `area "${fromArea}" imports the host app: move what both use into src/elements/shared`;
  }
  const fromModule = serverModule(from);
  const toModule = serverModule(to);
  const throughFace = toModule && /^index\.(js|ts)$/.test(toModule.rest);
  if (fromModule && toModule && fromModule.name !== toModule.name && !throughFace) {
    return `server module "${fromModule.name}" imports "${toModule.name}" past its public face: import ../${toModule.name}/index.js`;
  }
  if (!fromModule && from.startsWith('server/') && !COMPOSITION_ROOTS.has(from) && toModule && !throughFace) {
    return `server code outside the modules imports "${toModule.name}" past its public face: import modules/${toModule.name}/index.js`;
  }
  return null;
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'import boundaries between layers and areas (docs/architecture.md)' },
    schema: [],
  },
  create(context) {
    const from = rel(context.filename);
    function check(node, source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      if (!spec.startsWith('.')) return;
      const to = rel(path.resolve(path.dirname(context.filename), spec));
      const why = violation(from, to);
      if (why) context.report({ node: source, message: `${spec}: ${why}` });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

// Which server module owns each table: only its owner writes it. Another module
// reads it only where READS below says so (a join, a name beside a record),
// so a new reach into another module's tables is a decision made here, in
// review, not a line of SQL nobody notices; a write goes through the owner's
// face. The board is a read model: it reads every area's tables to sum them
// up, and writes only its own roll-ups. Table names that are not listed (a
// CTE's name) are not checked.
export const TABLE_OWNERS = {
  account: ['users', 'auth_tokens'],
  admin: ['admin_settings', 'model_providers', 'schools', 'dict_entries', 'agreements'],
  assistants: ['assistant_types', 'assistants', 'assistant_publications', 'assistant_favorites'],
  board: ['board_daily_usage', 'board_user_days', 'board_daily_active', 'board_rollup_state'],
  chat: ['chats', 'chat_messages', 'chat_shares', 'prompt_templates'],
  classes: ['classes', 'class_members'],
  courses: ['courses', 'course_teachers', 'course_classes', 'course_members', 'chapters', 'lessons', 'lesson_progress', 'course_visits'],
  embed: ['embed_keys', 'embed_visitors', 'embed_conversations', 'embed_usage'],
  evaluation: [
    'eval_questions',
    'evaluations',
    'evaluation_items',
    'submissions',
    'submission_items',
    'grading_jobs',
    'grade_changes',
    'course_eval_indicators',
    'course_eval_scores',
  ],
  generations: ['generation_jobs', 'generation_slots'],
  knowledge: ['knowledge_datasets', 'knowledge_dataset_courses', 'knowledge_documents', 'knowledge_chunks', 'knowledge_terms'],
  live: ['live_sessions', 'live_attendance', 'live_questions', 'live_answers', 'live_calls', 'live_wall'],
  lti: ['lti_platforms', 'lti_keys', 'lti_states', 'lti_contexts', 'lti_resource_links', 'lti_grade_posts'],
  mindmaps: ['mind_maps'],
  orders: ['order_packages', 'orders'],
  placements: ['placements', 'placement_logs', 'placement_sign_links', 'placement_signatures', 'placement_alerts'],
  portals: ['portals'],
  practice: ['practice_apps'],
  quota: ['quota_accounts', 'quota_holds', 'quota_ledger', 'quota_allowances', 'model_prices', 'redemption_batches', 'redemption_codes'],
  records: ['operation_records', 'operation_record_head', 'operation_record_anchors'],
  resources: ['resource_folders', 'resources', 'resource_shares'],
  safety: ['safety_words', 'safety_allow', 'safety_settings', 'safety_events', 'safety_alerts'],
  signon: ['identity_providers', 'identity_links', 'signon_handoffs', 'signon_sessions'],
  sms: ['user_phones', 'sms_codes', 'sms_sends'],
  uploads: ['upload_sessions', 'upload_chunks', 'file_link_secrets', 'files'],
};

/** Modules that read every table: they sum the others up and write only their own. */
export const READ_MODELS = new Set(['board']);

/** The other modules' tables each module reads directly. */
export const READS = {
  admin: ['users', 'classes', 'class_members'],
  assistants: ['users', 'chats', 'knowledge_datasets', 'knowledge_dataset_courses'],
  chat: ['embed_conversations', 'knowledge_datasets'],
  classes: ['users', 'courses'],
  content: ['schools', 'dict_entries', 'agreements'],
  courses: ['users', 'chats', 'chat_messages', 'classes', 'class_members'],
  embed: ['users', 'chats', 'chat_messages'],
  evaluation: ['users', 'classes', 'class_members', 'courses', 'course_classes', 'course_visits'],
  knowledge: ['users', 'courses'],
  live: ['users'],
  // A class's name (a roster's class), what a teacher may place in an LMS (courses they teach, assistants they made, evaluations with their points).
  lti: ['classes', 'courses', 'course_teachers', 'assistants', 'evaluations', 'evaluation_items'],
  mindmaps: ['users'],
  orders: ['users'],
  // The student, supervisor and their classes and majors a placement names.
  placements: ['users', 'classes', 'class_members'],
  portals: ['schools', 'assistants', 'assistant_publications', 'courses'],
  practice: ['users', 'chats', 'chat_messages', 'assistants', 'class_members'],
  quota: ['users', 'classes', 'class_members'],
  // Who wrote a text, their classes and teachers (alerts, the event list), and which assistant or embed key a chat came by.
  safety: ['users', 'classes', 'class_members', 'assistants', 'embed_conversations'],
  // The account a first sign-in links by 工号/学号 or e-mail.
  signon: ['users'],
  uploads: ['auth_tokens'],
};

const OWNER_OF = new Map(Object.entries(TABLE_OWNERS).flatMap(([owner, tables]) => tables.map((table) => [table, owner])));
const WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto', 'precompiledInsert', 'precompiledUpdateById']);
const TABLE_READS = new Set(['selectFrom', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin']);

/** Why module `module` may not `verb` the table (`verb` a Kysely method), or null when it may. */
export function tableViolation(module, verb, table) {
  const owner = OWNER_OF.get(table);
  if (!owner || owner === module) return null;
  if (WRITES.has(verb)) return `module "${module}" writes "${table}", which "${owner}" owns: call a verb of ../${owner}/index.js`;
  if (READ_MODELS.has(module) || (READS[module] ?? []).includes(table)) return null;
  return `module "${module}" reads "${table}", which "${owner}" owns: ask its face, or declare the read in READS (eslint/boundaries.mjs)`;
}

const tableOwners = {
  meta: {
    type: 'problem',
    docs: { description: 'a server module writes only its own tables and reads others only as declared (docs/architecture.md)' },
    schema: [],
  },
  create(context) {
    const module = serverModule(rel(context.filename));
    if (!module) return {};
    return {
      CallExpression(node) {
        const callee = node.callee;
        const verb =
          callee.type === 'MemberExpression' && callee.property.type === 'Identifier'
            ? callee.property.name
            : callee.type === 'Identifier'
              ? callee.name
              : null;
        if (!verb || !(WRITES.has(verb) || TABLE_READS.has(verb))) return;
        const first = node.arguments[0];
        if (!first || first.type !== 'Literal' || typeof first.value !== 'string') return;
        const table = first.value.split(/\s+as\s+/u)[0].trim();
        const why = tableViolation(module.name, verb, table);
        if (why) context.report({ node: first, message: why });
      },
    };
  },
};

export default { rules: { boundaries, 'table-owners': tableOwners } };
