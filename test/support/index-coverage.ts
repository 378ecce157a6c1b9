/**
 * Whether an index serves a query on MongoDB, by the rule its planner follows for a compound index
 * (Equality, Sort, Range): the index starts with every field the filter pins to one value, goes on
 * with the sort's fields in order (all in the index's direction or all reversed), and holds every
 * field the filter bounds by a range at or after the sort's start, so the scan returns documents in
 * sort order and stops after the page. `$or`/`$and` groups are residual (searched text, keyset
 * order): they narrow documents the index range already delivered in order.
 */
export type IndexKey = Record<string, number>;

export interface QueryShape {
  name: string;
  filter: Record<string, unknown>;
  sort?: Record<string, number>;
}

const isOperatorObject = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  !(value instanceof Date) &&
  !('_bsontype' in value) &&
  Object.keys(value).some((k) => k.startsWith('$'));

export function describeFilter(filter: Record<string, unknown>) {
  const equality: string[] = [];
  const range: string[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    if (field.startsWith('$')) continue;
    if (!isOperatorObject(condition)) equality.push(field);
    // $in is a set of point lookups: the planner treats it as equality.
    else if ('$eq' in (condition as object) || '$in' in (condition as object)) equality.push(field);
    else range.push(field);
  }
  return { equality, range };
}

export function servedBy(index: IndexKey, shape: QueryShape): boolean {
  const keys = Object.keys(index);
  const { equality, range } = describeFilter(shape.filter);
  // Equality on the unique _id: one document, whatever else the filter says.
  if (equality.includes('_id') && keys[0] === '_id') return true;

  let at = 0;
  const pinned = new Set(equality);
  while (at < keys.length && pinned.has(keys[at] as string)) pinned.delete(keys[at++] as string);
  if (pinned.size > 0) return false;

  const sort = Object.entries(shape.sort ?? {}).filter(([field]) => !equality.includes(field));
  let direction = 0;
  for (const [i, [field, order]] of sort.entries()) {
    const key = keys[at + i];
    if (key !== field) return false;
    const same = Math.sign(index[key] as number) === Math.sign(order) ? 1 : -1;
    if (direction !== 0 && same !== direction) return false;
    direction = same;
  }
  const rangeFrom = at;
  return range.every((field) => keys.indexOf(field) >= rangeFrom);
}

/**
 * Whether an index starts with `field` and the filter bounds that field at the top level (an
 * equality or a range such as an anchored prefix pattern), holding the filter's other pinned fields
 * too: the scan reads only the index entries in the field's bounds, whatever the list's size, and a
 * sort, if any, is done in memory over what it found.
 */
export function boundsMatchesFirst(
  index: IndexKey,
  field: string,
  shape: Pick<QueryShape, 'filter'>,
): boolean {
  const keys = Object.keys(index);
  const { equality, range } = describeFilter(shape.filter);
  if (keys[0] !== field || ![...equality, ...range].includes(field)) return false;
  return equality.every((pinned) => keys.includes(pinned));
}
