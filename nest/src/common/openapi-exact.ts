import { type OpenAPIObject } from '@nestjs/swagger';

type Schema = Record<string, unknown> & {
  properties?: Record<string, unknown>;
  required?: string[];
};

/**
 * What the DTO decorators cannot say, added to the generated document so it describes the API
 * exactly: request bodies take no property they don't declare (the ValidationPipe refuses them),
 * and a body that names a lead by the spec's id field or by `ids` takes exactly one of the two.
 */
export function exactOpenApi(document: OpenAPIObject): OpenAPIObject {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const bodies = new Set<string>();
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item as Record<string, unknown>)) {
      const ref = (
        operation as { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }
      )?.requestBody?.content?.['application/json']?.schema?.$ref;
      if (ref) bodies.add(ref.replace('#/components/schemas/', ''));
    }
  for (const name of bodies) {
    const schema = schemas[name];
    if (!schema?.properties) continue;
    const names = Object.keys(schema.properties);
    const idField = names.find((n) => n.endsWith('_id'));
    if (idField && names.includes('ids') && names.length === 2) {
      const one = (field: string): Schema => ({
        type: 'object',
        properties: { [field]: schema.properties?.[field] },
        required: [field],
        additionalProperties: false,
      });
      schemas[name] = { oneOf: [one(idField), one('ids')] };
    } else {
      schema.additionalProperties = false;
    }
  }
  return document;
}
