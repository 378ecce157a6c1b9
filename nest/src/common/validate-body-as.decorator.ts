import { type Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';

/**
 * Names the class the global ValidationPipe checks a handler's body against. Needed where the body's
 * TypeScript type is generic (a kind's create DTO) or an interface of the contract: TypeScript then
 * records `Object` as the parameter's type, and the pipe would check nothing. TypeScript records
 * `design:paramtypes`, and the parameter decorators run, before any method decorator: so this one
 * finds the `@Body()` parameter wherever it is, and replaces its type.
 */
export function ValidateBodyAs(dto: Type): MethodDecorator {
  return (target, key) => {
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, target.constructor, key) ??
      {}) as Record<string, { index: number }>;
    const body = Object.entries(args).find(([name]) => name.startsWith(`${RouteParamtypes.BODY}:`));
    if (!body) throw new Error(`${String(key)}: ValidateBodyAs needs a @Body() parameter`);
    const types = [...((Reflect.getMetadata('design:paramtypes', target, key) as unknown[]) ?? [])];
    types[body[1].index] = dto;
    Reflect.defineMetadata('design:paramtypes', types, target, key);
  };
}
