// Inside a transaction's callback, the database is the transaction it is
// given, never `ctx.db`. On SQLite there is one connection: a query on
// `ctx.db` from inside a transaction waits for that transaction to end, which
// waits for the query, and the request hangs for good (on PostgreSQL it runs
// outside the transaction, and its writes do not roll back with it). The
// callbacks checked are those given to Kysely's `.transaction().execute(cb)`,
// to `underUserLock(db, user, cb)` (server/db/user-lock.ts) and to a group
// commit's `.run(cb)` (server/db/group-commit.ts). A helper called with the
// transaction is fine; one called with `ctx.db`, or that reads `ctx.db`
// itself, is what this catches at the call site.

/** The callback argument of a call that runs it inside a transaction, or null. */
function transactionCallback(call) {
  const callee = call.callee;
  if (callee.type === 'Identifier' && callee.name === 'underUserLock') return call.arguments[2] ?? null;
  if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return null;
  const method = callee.property.name;
  const target = callee.object;
  // db.transaction().execute(cb)
  if (
    method === 'execute' &&
    target.type === 'CallExpression' &&
    target.callee.type === 'MemberExpression' &&
    target.callee.property.type === 'Identifier' &&
    target.callee.property.name === 'transaction'
  ) {
    return call.arguments[0] ?? null;
  }
  // groupCommit(ctx).run(cb), createGroupCommit(db).run(cb)
  if (
    method === 'run' &&
    target.type === 'CallExpression' &&
    target.callee.type === 'Identifier' &&
    (target.callee.name === 'groupCommit' || target.callee.name === 'createGroupCommit')
  ) {
    return call.arguments[0] ?? null;
  }
  return null;
}

const isFunction = (node) => node && (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression');

/** `ctx.db` (or `this.ctx.db`): the server's database, not a transaction. */
function isContextDb(node) {
  if (node.type !== 'MemberExpression' || node.computed || node.property.name !== 'db') return false;
  const owner = node.object;
  if (owner.type === 'Identifier') return owner.name === 'ctx';
  return owner.type === 'MemberExpression' && !owner.computed && owner.property.name === 'ctx';
}

export default {
  rules: {
    'transaction-scope': {
      meta: {
        type: 'problem',
        docs: { description: 'inside a transaction callback, use the transaction, never ctx.db' },
        schema: [],
      },
      create(context) {
        /** Transaction callbacks we are inside, innermost last. */
        const open = [];
        return {
          CallExpression(node) {
            const callback = transactionCallback(node);
            if (isFunction(callback)) open.push(callback);
          },
          'CallExpression:exit'(node) {
            const callback = transactionCallback(node);
            if (isFunction(callback) && open.at(-1) === callback) open.pop();
          },
          MemberExpression(node) {
            if (open.length === 0 || !isContextDb(node)) return;
            // Only inside the callback's body, not in the call's other arguments.
            const callback = open.at(-1);
            if (node.range[0] < callback.range[0] || node.range[1] > callback.range[1]) return;
            context.report({
              node,
              message:
                'ctx.db inside a transaction: on SQLite it waits for this transaction forever (one connection). Use the transaction the callback is given, or move this after the transaction.',
            });
          },
        };
      },
    },
  },
};
