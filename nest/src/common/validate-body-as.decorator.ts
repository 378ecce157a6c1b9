import { type Type } from '@nestjs/common';

/**
 * Names the class the global ValidationPipe checks a handler's body against. Needed where the body's
 * TypeScript type is generic (a kind's create DTO): TypeScript then records `Object` as the
 * parameter's type, and the pipe would check nothing. The body must be the handler's first parameter.
 * TypeScript applies its own `design:paramtypes` before this decorator, which then replaces entry 0.
 */
export function ValidateBodyAs(dto: Type): MethodDecorator {
  return (target, key) => {
    const types = (Reflect.getMetadata('design:paramtypes', target, key) as unknown[]) ?? [];
    Reflect.defineMetadata('design:paramtypes', [dto, ...types.slice(1)], target, key);
  };
}
