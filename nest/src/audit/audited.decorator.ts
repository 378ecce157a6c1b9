import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Request } from 'express';
import { concatMap, type Observable } from 'rxjs';

import { type AuditAction } from '../contract';

import { type AuditEvent, AuditService } from './audit.service';

/**
 * A call as its audit entry reads it: the request as sent, and the answer it got. A route names
 * the parts it reads, with their types, as `Audited<{ params: { id: string } }>`.
 */
export interface AuditedCall {
  request: Request;
  params: Record<string, string | undefined>;
  query: Record<string, unknown>;
  body: unknown;
  result: unknown;
}

/** What an entry says beside its action: the kind, the ids, the detail (never who: the token says). */
export type AuditFacts = Omit<AuditEvent, 'action' | 'admin'>;

interface AuditedRoute {
  action: AuditAction;
  describe?: (call: AuditedCall) => AuditFacts;
}

const AUDITED = 'audited';

/**
 * Records `action` in the audit log once the route has succeeded, and before its answer is sent
 * (so a client that reads the log next finds it). A refused call (a guard, the validation, the
 * service) records nothing here; a route that records its failures, or more than one entry, calls
 * AuditService itself.
 */
export function Audited<Call extends Partial<Record<keyof AuditedCall, unknown>> = AuditedCall>(
  action: AuditAction,
  describe?: (call: AuditedCall & Call) => AuditFacts,
): MethodDecorator {
  return applyDecorators(
    SetMetadata(AUDITED, { action, describe } as AuditedRoute),
    UseInterceptors(AuditInterceptor),
  );
}

@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const route = this.reflector.get<AuditedRoute | undefined>(AUDITED, context.getHandler());
    if (!route) return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(
      concatMap(async (result: unknown) => {
        const facts = route.describe?.({
          request,
          params: request.params,
          query: request.query as Record<string, unknown>,
          body: request.body as unknown,
          result,
        });
        await this.audit.record(request, { action: route.action, ...facts });
        return result;
      }),
    );
  }
}
