// Operation records on the board (managers, client type 2). Paths relative to /new-chat.
//   GET /course/board/records?keyword&page&pageSize&from&to&action&result&clientType
//        → {items: [{time, username, action, objectType, objectId, objectName, summary, summaryText, ip, result, …}], total}
//   GET /course/board/records/export?(same filters)   → XLSX of up to 50,000 records, and the chain head (a second sheet)
//   GET /course/board/records/chain?fresh&head=SEQ:HASH → {intact, checked, brokenAt, reason, checkedAt, keyed, head}
//        (head: one kept outside the database, from the log or an earlier export; a cut tail then shows)
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import type { ModuleOptions } from '../../context.js';
import { requireClientType } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { DAY_PATTERN, parseRange } from '../board/index.js';
import { sendSheets, type SheetSpec } from '../evaluation/index.js';
import { recordsForExport, searchRecords, type RecordFilter } from './store.js';
import { parseHead } from './chain-key.js';
import { verifyChain, type ChainReport } from './verify.js';
import { readableSummary } from './readable.js';
import { ACTION_NAMES, OBJECT_TYPE_NAMES } from './words.js';
import { requestLocale } from '../../i18n/install.js';

const EXPORT_LIMIT = 50_000;
/** A full check reads every record; the board shows a result at most this old unless asked fresh. */
const CHAIN_CHECK_TTL_MS = 5 * 60_000;

const FilterQuery = {
  keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 100 })),
  from: Type.Optional(Type.String({ title: '开始日期', pattern: DAY_PATTERN })),
  to: Type.Optional(Type.String({ title: '结束日期', pattern: DAY_PATTERN })),
  action: Type.Optional(Type.String({ title: '操作', maxLength: 32, pattern: '^[a-z_]*$' })),
  result: Type.Optional(Type.Union([Type.Literal('success'), Type.Literal('failure'), Type.Literal('')], { title: '结果' })),
  clientType: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3'), Type.Literal('')], { title: '身份' })),
};
const ListQuery = Type.Object({
  ...FilterQuery,
  page: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 200 })),
});
const ExportQuery = Type.Object(FilterQuery);
const ChainQuery = Type.Object({
  fresh: Type.Optional(Type.Boolean({ title: '重新检查' })),
  head: Type.Optional(Type.String({ title: '链头', maxLength: 90, pattern: '^[0-9]{1,15}:(m1:)?[0-9a-f]{64}$' })),
});

function filterOf(query: Static<typeof ExportQuery>): RecordFilter {
  const filter: RecordFilter = {};
  if (query.keyword) filter.keyword = query.keyword;
  if (query.from || query.to) {
    const range = parseRange(query.from ?? '1970-01-01', query.to ?? '2999-12-31');
    if (query.from) filter.since = range.since;
    if (query.to) filter.until = range.until;
  }
  if (query.action) filter.action = query.action;
  if (query.result) filter.result = query.result;
  if (query.clientType) filter.clientType = query.clientType;
  return filter;
}

const CLIENT_TYPE_NAMES: Record<string, string> = { '1': '教师', '2': '管理者', '3': '学生' };

export const recordsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const managers = { preHandler: [app.requireUser, requireClientType('2')] };
  let lastCheck: ChainReport | null = null;

  app.get('/course/board/records', { ...managers, schema: { querystring: ListQuery } }, async (request) => {
    const { page = 1, pageSize = 20 } = request.query;
    const found = await searchRecords(ctx.db, filterOf(request.query), page, pageSize);
    const locale = requestLocale(request);
    return ok({ ...found, items: found.items.map((r) => ({ ...r, summaryText: readableSummary(r.summary, locale) })) });
  });

  app.get('/course/board/records/export', { ...managers, schema: { querystring: ExportQuery } }, async (request, reply) => {
    const records = await recordsForExport(ctx.db, filterOf(request.query), EXPORT_LIMIT);
    const locale = requestLocale(request);
    const sheet: SheetSpec = {
      name: '操作记录',
      headers: ['序号', '时间', '用户', '身份', '操作', '对象类型', '对象ID', '对象名称', '摘要', 'IP', '浏览器', '结果', '状态码'],
      widths: [8, 20, 14, 8, 10, 16, 24, 24, 40, 16, 30, 8, 8],
      // Client type, action, object type and result are the server's words, translated with the headers.
      labelColumns: [3, 4, 5, 11],
      rows: records.map((r) => [
        r.seq,
        new Date(r.time).toLocaleString('sv-SE'),
        r.username,
        CLIENT_TYPE_NAMES[r.clientType ?? ''] ?? '',
        ACTION_NAMES[r.action] ?? r.action,
        OBJECT_TYPE_NAMES[r.objectType] ?? r.objectType,
        r.objectId,
        r.objectName,
        readableSummary(r.summary, locale),
        r.ip,
        r.userAgent,
        r.result === 'success' ? '成功' : '失败',
        r.status,
      ]),
    };
    // The head as the server sees it now: kept with the export, it later shows whether the tail was cut.
    const head = await ctx.db.selectFrom('operation_record_head').select(['seq', 'hash']).where('id', '=', 1).executeTakeFirst();
    const headSheet: SheetSpec = {
      name: '链头',
      headers: ['链头', '导出时间'],
      widths: [80, 20],
      rows: [[head ? `${Number(head.seq)}:${head.hash}` : '', new Date(ctx.now()).toLocaleString('sv-SE')]],
    };
    return sendSheets(reply, `操作记录-${new Date(ctx.now()).toISOString().slice(0, 10)}`, [sheet, headSheet], { memoryMb: 512, timeoutMs: 120_000 });
  });

  app.get('/course/board/records/chain', { ...managers, schema: { querystring: ChainQuery } }, async (request) => {
    const expected = request.query.head ? parseHead(request.query.head) : null;
    if (expected) return ok(await verifyChain(ctx.db, ctx.now(), expected));
    if (request.query.fresh || !lastCheck || ctx.now() - lastCheck.checkedAt > CHAIN_CHECK_TTL_MS) {
      lastCheck = await verifyChain(ctx.db, ctx.now());
    }
    return ok(lastCheck);
  });
};
