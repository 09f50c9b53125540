/**
 * The item at `index` of a list, or a failed test naming what was missing: narrows
 * `T | undefined` (noUncheckedIndexedAccess) with a message instead of a TypeError.
 */
export function nth<T>(list: ArrayLike<T>, index: number, what = 'item'): T {
  const item = list[index]
  if (item === undefined) throw new Error(`expected ${what} #${index}, found ${list.length}`)
  return item
}
