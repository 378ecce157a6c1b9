import { type Type } from '@nestjs/common';

/**
 * Names a class built at run time (one per lead kind, one per setting), so that the OpenAPI
 * document has a schema or operation of its own for each, and logs say which it is.
 */
export function named<T extends Type>(cls: T, name: string): T {
  Object.defineProperty(cls, 'name', { value: name });
  return cls;
}
