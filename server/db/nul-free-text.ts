// PostgreSQL refuses U+0000 in text ("invalid byte sequence") and the query
// fails with a 500. Request input is cleaned on arrival (http/strip-nul.ts);
// this plugin is the net under everything else that reaches a query —
// multipart file names, text extracted from documents — so no string with a
// NUL is ever sent to PostgreSQL.
import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

/** The value as PostgreSQL may receive it (also used by precompiled.ts, whose runs skip this plugin). */
export const withoutNul = (value: unknown): unknown => (typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '') : value);

class NulStripper extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = withoutNul(node.value);
    return value === node.value ? node : { ...node, value };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    if (!node.values.some((v) => typeof v === 'string' && v.includes('\u0000'))) return node;
    return { ...node, values: node.values.map(withoutNul) };
  }
}

export class NulFreeTextPlugin implements KyselyPlugin {
  private readonly stripper = new NulStripper();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.stripper.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
