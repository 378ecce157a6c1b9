import { type OpenAPIObject } from '@nestjs/swagger';

import { namedSchemas } from './named-schemas';
import { pairRulesByName } from './validation';

type Schema = Record<string, unknown> & {
  properties?: Record<string, unknown>;
  required?: string[];
};

interface Operation {
  requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> };
}

/**
 * What the DTO decorators cannot say, added to the generated document so it describes the API
 * exactly: request bodies take no property they don't declare (the ValidationPipe refuses them),
 * and the rules across two properties that the DTOs declare (ExactlyOneOf, AtLeastOneOf): a body
 * that names a lead by the spec's id field or by `ids` takes exactly one of the two.
 * (The app-wide guard's refusals are listed by @AdminEndpoint, from the marks the guard reads.)
 */
export function exactOpenApi(document: OpenAPIObject): OpenAPIObject {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  for (const [name, schema] of namedSchemas()) schemas[name] = schema as Schema;
  const bodies = new Set<string>();
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item as Record<string, Operation>)) {
      const ref = operation?.requestBody?.content?.['application/json']?.schema?.$ref;
      if (ref) bodies.add(ref.replace('#/components/schemas/', ''));
    }
  // An object a body holds (the intake's `source`, a merge's `from` entries, an access change's
  // `kinds`), at any depth, takes no undeclared property either: a Set visits what is added to it.
  for (const name of bodies)
    for (const property of Object.values(schemas[name]?.properties ?? {})) {
      // A property with a description is `allOf: [{$ref}]`, one without a plain `$ref`; an array
      // of objects has its `items`.
      const { $ref, allOf, items } = property as {
        $ref?: string;
        allOf?: { $ref?: string }[];
        items?: { $ref?: string };
      };
      const nested = $ref ?? allOf?.[0]?.$ref ?? items?.$ref;
      if (nested) bodies.add(nested.replace('#/components/schemas/', ''));
    }
  const pairs = pairRulesByName();
  for (const name of bodies) {
    const schema = schemas[name];
    if (!schema?.properties) continue;
    const pair = pairs.get(name);
    if (pair?.rule === 'exactly-one') schemas[name] = exactlyOne(schema, pair.properties);
    else {
      schema.additionalProperties = false;
      if (pair) schema.anyOf = pair.properties.map((property) => ({ required: [property] }));
    }
  }
  return document;
}

/**
 * A body that takes exactly one of two properties, as `oneOf` two closed branches: each with its
 * own property of the two, and what both take (such as the panel's `q`, or the sign-in's mfaToken).
 */
function exactlyOne(schema: Schema, pair: readonly [string, string]): Schema {
  const shared = Object.keys(schema.properties ?? {}).filter((n) => !pair.includes(n));
  const branch = (field: string): Schema => ({
    type: 'object',
    properties: Object.fromEntries(
      [field, ...shared].map((n) => [n, schema.properties?.[n] as Schema]),
    ),
    required: [field, ...(schema.required ?? []).filter((n) => shared.includes(n))],
    additionalProperties: false,
  });
  // The spec's id field first, as the archive bodies have always listed it.
  const [first, second] = pair.includes('ids')
    ? [pair.find((n) => n !== 'ids') as string, 'ids']
    : pair;
  return { oneOf: [branch(first), branch(second)] };
}
