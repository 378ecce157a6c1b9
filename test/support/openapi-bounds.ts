/**
 * The most a request body an OpenAPI schema allows can hold: object keys in all, nesting depth, and
 * bytes as JSON. A client may send any body the document allows, so these must stay within the JSON
 * parser's limits (nest/src/common/json-body-parser.ts) for the document to be exact. A schema that
 * leaves something open (an object without `additionalProperties: false`, a string without a
 * length, an integer without a range) has no bound: Infinity.
 */
export interface BodyBounds {
  keys: number;
  depth: number;
  bytes: number;
}

type Schema = Record<string, unknown>;

/**
 * The widest a character can be written in JSON: an astral one as `\ud83d\udea4` (Python's
 * json.dumps, which schemathesis sends with, escapes everything beyond ASCII).
 */
const CHAR_BYTES = 12;
/** A number as written: a 32-bit range at most, in the schemas that bound theirs. */
const NUMBER_BYTES = 24;
/** A pattern of one class of printable ASCII (not negated; no quote or backslash): a byte each. */
const ASCII_ONLY = /^\^\[(?!\^)[\x20-\x21\x23-\x5b\x5d-\x7e]*\](?:\*|\{\d+(?:,\d+)?\})\$$/;
/** `, ` and `: ` (Python's default separators) around a member or an item. */
const SEPARATOR_BYTES = 4;

export function bodyBounds(schema: Schema, components: Record<string, Schema>): BodyBounds {
  const resolve = (s: Schema): Schema => {
    let current = s;
    for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops++)
      current = components[current.$ref.replace('#/components/schemas/', '')] ?? {};
    return current;
  };
  const open: BodyBounds = { keys: Infinity, depth: Infinity, bytes: Infinity };
  const walk = (raw: Schema, depth: number): BodyBounds => {
    if (depth > 64) return open;
    const s = resolve(raw);
    const max = (branches: BodyBounds[]): BodyBounds => ({
      keys: Math.max(...branches.map((b) => b.keys)),
      depth: Math.max(...branches.map((b) => b.depth)),
      bytes: Math.max(...branches.map((b) => b.bytes)),
    });
    if (Array.isArray(s.allOf))
      return walk({ ...s, allOf: undefined, ...(s.allOf[0] as Schema) }, depth);
    if (Array.isArray(s.oneOf)) return max((s.oneOf as Schema[]).map((b) => walk(b, depth)));
    const nullable = s.nullable === true ? 4 : 0;
    if (Array.isArray(s.enum))
      return {
        keys: 0,
        depth,
        bytes: Math.max(nullable, ...s.enum.map((v) => JSON.stringify(v).length)),
      };
    switch (s.type) {
      case 'boolean':
        return { keys: 0, depth, bytes: 5 };
      case 'integer':
      case 'number':
        return s.minimum !== undefined && s.maximum !== undefined
          ? { keys: 0, depth, bytes: NUMBER_BYTES }
          : open;
      case 'string': {
        const width = typeof s.pattern === 'string' && ASCII_ONLY.test(s.pattern) ? 1 : CHAR_BYTES;
        return { keys: 0, depth, bytes: Math.max(nullable, 2 + stringLength(s) * width) };
      }
      case 'array': {
        if (typeof s.maxItems !== 'number' || !s.items) return open;
        const item = walk(s.items as Schema, depth + 1);
        return {
          keys: item.keys * s.maxItems,
          depth: item.depth,
          bytes: 2 + s.maxItems * (item.bytes + SEPARATOR_BYTES),
        };
      }
      default: {
        if (s.type !== 'object' && !s.properties) return open;
        if (s.additionalProperties !== false) return open;
        const members = Object.entries((s.properties ?? {}) as Record<string, Schema>).map(
          ([name, property]) => ({ name, bounds: walk(property, depth + 1) }),
        );
        return {
          keys: members.reduce((sum, m) => sum + 1 + m.bounds.keys, 0),
          depth: Math.max(depth + 1, ...members.map((m) => m.bounds.depth)),
          bytes:
            2 +
            nullable +
            members.reduce(
              (sum, m) => sum + JSON.stringify(m.name).length + m.bounds.bytes + SEPARATOR_BYTES,
              0,
            ),
        };
      }
    }
  };
  return walk(schema, 0);
}

/** The most characters a string schema allows: its maxLength, or a pattern `^[…]{m,n}$`'s n. */
function stringLength(s: Schema): number {
  if (typeof s.maxLength === 'number') return s.maxLength;
  const counted =
    typeof s.pattern === 'string' ? /^\^\[[^\]]*\]\{(\d+)(?:,(\d+))?\}\$$/.exec(s.pattern) : null;
  return counted ? Number(counted[2] ?? counted[1]) : Infinity;
}
