import { Injectable, type OnModuleInit, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';

import { PERMISSIONS, type Permission } from '../contract';

import { IS_PUBLIC, REQUIRED_PERMISSION } from './public.decorator';

/** One route of a controller and who may call it: anyone, or a role with the permission. */
export interface RouteRule {
  /** Upper case, as HTTP writes it. */
  method: string;
  /** Express's pattern, `:id` for a parameter. */
  path: string;
  access: Permission | 'public';
}

/**
 * Every controller route and what it needs, read from the routes' own decorators when the
 * application starts. A route behind the guard that names no permission (or one outside the
 * catalog) stops the start-up, naming it: a new route cannot be forgotten.
 */
@Injectable()
export class RouteAccess implements OnModuleInit {
  private rules: RouteRule[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    this.rules = this.read();
    const unnamed = this.rules.filter((rule) => !isKnown(rule.access));
    if (unnamed.length > 0)
      throw new Error(
        `Routes behind the admin guard must name a permission (@AdminEndpoint({ permission })): ${unnamed
          .map((rule) => `${rule.method} ${rule.path}`)
          .join(', ')}`,
      );
  }

  /** Every route, in the order the controllers declare them. */
  all(): readonly RouteRule[] {
    return this.rules;
  }

  private read(): RouteRule[] {
    return this.discovery.getControllers().flatMap(({ metatype, instance }) => {
      if (!metatype || !instance) return [];
      const prefixes = pathsOf(Reflect.getMetadata(PATH_METADATA, metatype));
      const prototype = Object.getPrototypeOf(instance) as object;
      return this.scanner.getAllMethodNames(prototype).flatMap((name) => {
        const handler = Reflect.get(prototype, name) as (...args: unknown[]) => unknown;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) return [];
        const targets = [handler, metatype];
        const access = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)
          ? 'public'
          : this.reflector.get<Permission | undefined>(REQUIRED_PERMISSION, handler);
        return prefixes.flatMap((prefix) =>
          pathsOf(Reflect.getMetadata(PATH_METADATA, handler)).map((path) => ({
            method: RequestMethod[method],
            path: joinPath(prefix, path),
            access: access as RouteRule['access'],
          })),
        );
      });
    });
  }
}

function isKnown(access: unknown): boolean {
  return access === 'public' || (typeof access === 'string' && Object.hasOwn(PERMISSIONS, access));
}

function pathsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return [typeof value === 'string' ? value : ''];
}

/** As Nest joins a controller's path and a method's: one slash between, none at the end. */
export function joinPath(prefix: string, path: string): string {
  const joined = `/${prefix}/${path}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}
