import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { type Request } from 'express';
import { Observable } from 'rxjs';

import { asViewer } from '../common/lead-viewer.context';
import { leadAccessOf } from '../contract';

/**
 * App-wide, after the guard: runs an admin's request as that admin's viewer (their access to
 * leads as read with the session, so a change holds from their next request), which the lead
 * core narrows every read to. A public route runs as the API itself.
 */
@Injectable()
export class LeadViewerInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const { session, apiKey } = context.switchToHttp().getRequest<Request>();
    // A key sees as an admin of its access whom no lead is assigned to: with `assigned`, only
    // the leads nobody has (with seeUnassigned), since a lead is only ever given to an admin.
    const viewer = apiKey
      ? { id: apiKey.id, access: apiKey.access }
      : session
        ? {
            id: String(session.admin._id),
            access: leadAccessOf(session.admin.role, session.admin.access),
          }
        : null;
    if (!viewer) return next.handle();
    // The handler runs when the answer is subscribed to: subscribed inside the viewer's run.
    return new Observable((subscriber) =>
      asViewer(viewer, () => next.handle().subscribe(subscriber)),
    );
  }
}
