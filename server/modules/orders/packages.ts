// What managers sell: credits for a price in CNY, to the client types they pick.
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { ClientType } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { parseClientTypes } from '../account/index.js';
import { toCredits, toMilli } from '../quota/index.js';

export interface PackageInput {
  name: string;
  credits: number;
  /** CNY, two decimals at most. */
  price: number;
  clientTypes: ClientType[];
  active?: boolean;
}

export interface PackageView {
  id: string;
  name: string;
  credits: number;
  price: number;
  clientTypes: ClientType[];
  active: boolean;
}

type Row = { id: string; name: string; credits: number; price_fen: number; client_types: string; active: number };

function view(r: Row): PackageView {
  return {
    id: r.id,
    name: r.name,
    credits: toCredits(Number(r.credits)),
    price: r.price_fen / 100,
    clientTypes: parseClientTypes(r.client_types),
    active: r.active === 1,
  };
}

function checked(input: PackageInput) {
  const name = input.name.trim();
  if (!name) throw badRequest('请填写套餐名称');
  if (!(input.credits > 0)) throw badRequest('套餐额度必须大于 0');
  const priceFen = Math.round(input.price * 100);
  if (priceFen < 1 || Math.abs(priceFen - input.price * 100) > 1e-6) throw badRequest('价格至少 0.01 元，最多两位小数');
  if (input.clientTypes.length === 0) throw badRequest('请至少选择一种可购买的身份');
  return {
    name,
    credits: toMilli(input.credits),
    price_fen: priceFen,
    client_types: [...new Set(input.clientTypes)].sort().join(','),
    active: input.active === false ? 0 : 1,
  };
}

export async function listPackages(ctx: ServerContext): Promise<PackageView[]> {
  return (await ctx.db.selectFrom('order_packages').selectAll().orderBy('price_fen').orderBy('created_at').execute()).map(view);
}

/** The packages a person of this client type may buy. */
export async function packagesFor(ctx: ServerContext, clientType: ClientType): Promise<PackageView[]> {
  return (await listPackages(ctx)).filter((p) => p.active && p.clientTypes.includes(clientType));
}

export async function createPackage(ctx: ServerContext, input: PackageInput): Promise<PackageView> {
  const id = newId();
  const now = ctx.now();
  await ctx.db
    .insertInto('order_packages')
    .values({ id, ...checked(input), created_at: now, updated_at: now })
    .execute();
  return requirePackage(ctx, id);
}

export async function updatePackage(ctx: ServerContext, id: string, input: PackageInput): Promise<PackageView> {
  await requirePackage(ctx, id);
  await ctx.db
    .updateTable('order_packages')
    .set({ ...checked(input), updated_at: ctx.now() })
    .where('id', '=', id)
    .execute();
  return requirePackage(ctx, id);
}

export async function requirePackage(ctx: ServerContext, id: string): Promise<PackageView> {
  const row = await ctx.db.selectFrom('order_packages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('套餐不存在');
  return view(row);
}
