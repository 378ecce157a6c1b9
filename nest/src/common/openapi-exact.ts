import { type OpenAPIObject } from '@nestjs/swagger';

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
 * and a body that names a lead by the spec's id field or by `ids` takes exactly one of the two.
 * (The app-wide guard's refusals are listed by @AdminEndpoint, from the marks the guard reads.)
 */
export function exactOpenApi(document: OpenAPIObject): OpenAPIObject {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const bodies = new Set<string>();
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item as Record<string, Operation>)) {
      const ref = operation?.requestBody?.content?.['application/json']?.schema?.$ref;
      if (ref) bodies.add(ref.replace('#/components/schemas/', ''));
    }
  // An object a body holds (the intake's `source`) takes no undeclared property either.
  for (const name of [...bodies])
    for (const property of Object.values(schemas[name]?.properties ?? {})) {
      // A property with a description is `allOf: [{$ref}]`, one without a plain `$ref`.
      const { $ref, allOf } = property as { $ref?: string; allOf?: { $ref?: string }[] };
      const nested = $ref ?? allOf?.[0]?.$ref;
      if (nested) bodies.add(nested.replace('#/components/schemas/', ''));
    }
  for (const name of bodies) {
    const schema = schemas[name];
    if (!schema?.properties) continue;
    const names = Object.keys(schema.properties);
    const idField = names.find((n) => n.endsWith('_id'));
    if (idField && names.includes('ids')) {
      // Each branch: its own way of naming leads, plus what both take (such as the panel's `q`).
      const shared = names.filter((n) => n !== idField && n !== 'ids');
      const one = (field: string): Schema => ({
        type: 'object',
        properties: Object.fromEntries(
          [field, ...shared].map((n) => [n, schema.properties?.[n] as Schema]),
        ),
        required: [field, ...(schema.required ?? []).filter((n) => shared.includes(n))],
        additionalProperties: false,
      });
      schemas[name] = { oneOf: [one(idField), one('ids')] };
    } else {
      schema.additionalProperties = false;
    }
  }
  return document;
}
