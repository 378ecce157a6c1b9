import { type SchemaObject } from '@nestjs/swagger';

const schemas = new Map<string, SchemaObject>();

/**
 * Puts a schema written out as JSON Schema (where a DTO class cannot say it, and the server checks
 * a value against the same object) into the OpenAPI document's components under `name`
 * (openapi-exact.ts adds them); answers the `$ref` that points to it.
 */
export function namedSchema(name: string, schema: SchemaObject): string {
  schemas.set(name, schema);
  return `#/components/schemas/${name}`;
}

/** Every schema named so far, for the document. */
export function namedSchemas(): ReadonlyMap<string, SchemaObject> {
  return schemas;
}
