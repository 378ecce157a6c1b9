import { HttpStatus, Injectable } from '@nestjs/common';

import { ApiError } from '../../common/api-error';
import {
  type AdminRole,
  type CreateViewRequest,
  DEFAULT_VIEWS,
  isDefaultViewId,
  permissionRefusal,
  roleAllows,
  type SavedView,
  type UpdateViewRequest,
  VIEWS_MAX,
} from '../../contract';
import { ObjectId } from '../../database/object-id';

import { ViewCounts } from './view-counts';
import { checkedViewQuery, inOrder } from './view-query';
import { type ViewQueryDto } from './views.dto';
import { nameKeyOf, TEAM_OWNER, type ViewRecord, ViewsStore } from './views.store';

/** Who asks (callerOf): the admin (or API key) a view is personal to, and their role. */
export interface ViewCaller {
  id: string;
  role: AdminRole;
}

type UncountedView = Omit<SavedView, 'count'>;

const DEFAULTS: readonly UncountedView[] = DEFAULT_VIEWS.map((view) => ({
  ...view,
  scope: 'default',
}));

const viewOf = (record: ViewRecord): UncountedView => ({
  id: record._id,
  name: record.name,
  scope: record.owner === TEAM_OWNER ? 'shared' : 'personal',
  query: record.query,
});

/**
 * Saved views of the queue (issue 32): the defaults, the team's shared views and each admin's
 * personal ones, in each admin's own order, counted from the kept totals (ViewCounts).
 */
@Injectable()
export class ViewsService {
  constructor(
    private readonly store: ViewsStore,
    private readonly counts: ViewCounts,
  ) {}

  /** Every view the caller sees, in their order, counted for their access. */
  async list(caller: ViewCaller): Promise<SavedView[]> {
    const views = await this.uncounted(caller);
    return this.counted(views, caller);
  }

  async create(caller: ViewCaller, body: CreateViewRequest): Promise<SavedView> {
    const owner = body.shared ? TEAM_OWNER : caller.id;
    if (body.shared) mayShare(caller);
    const query = checkedViewQuery(body.query as ViewQueryDto);
    const theirs = (await this.store.seenBy(caller.id)).filter((view) => view.owner === owner);
    if (theirs.length >= VIEWS_MAX)
      throw new ApiError(
        HttpStatus.CONFLICT,
        `There are ${VIEWS_MAX} ${body.shared ? 'shared views' : 'views of yours'} already, the most there may be: delete one first`,
      );
    const name = body.name.trim();
    nameIsFree(name, theirs);
    const record: ViewRecord = {
      _id: new ObjectId().toHexString(),
      owner,
      name,
      nameKey: nameKeyOf(name),
      query,
      createdAt: new Date(),
      createdBy: caller.id,
    };
    if (!(await this.store.create(record))) nameTaken(name);
    return this.countedOne(viewOf(record), caller);
  }

  async update(caller: ViewCaller, id: string, body: UpdateViewRequest): Promise<SavedView> {
    const record = await this.changeable(caller, id);
    const change: Partial<ViewRecord> = {};
    if (body.query) change.query = checkedViewQuery(body.query as ViewQueryDto);
    if (body.name !== undefined) {
      const name = body.name.trim();
      const others = (await this.store.seenBy(caller.id)).filter(
        (view) => view.owner === record.owner && view._id !== record._id,
      );
      nameIsFree(name, others);
      Object.assign(change, { name, nameKey: nameKeyOf(name) });
    }
    if (!(await this.store.update(id, change))) nameTaken(change.name ?? record.name);
    return this.countedOne(viewOf({ ...record, ...change }), caller);
  }

  async remove(caller: ViewCaller, id: string): Promise<UncountedView> {
    const record = await this.changeable(caller, id);
    await this.store.remove(id);
    return viewOf(record);
  }

  /** Stores the caller's order (ids they see, each once) and answers their views in it. */
  async reorder(caller: ViewCaller, ids: readonly string[]): Promise<SavedView[]> {
    const views = await this.uncounted(caller);
    const known = new Set(views.map((view) => view.id));
    const unknown = ids.filter((id) => !known.has(id));
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (unknown.length || repeated.length)
      throw new ApiError(HttpStatus.BAD_REQUEST, 'The order is invalid', {
        ids: [
          ...(unknown.length
            ? [`no view of yours with id ${[...new Set(unknown)].join(', ')}`]
            : []),
          ...(repeated.length
            ? [`ids names ${[...new Set(repeated)].join(', ')} more than once`]
            : []),
        ],
      });
    await this.store.setOrder(caller.id, ids);
    return this.counted(inOrder(views, ids), caller);
  }

  private async uncounted(caller: ViewCaller): Promise<UncountedView[]> {
    const [records, order] = await Promise.all([
      this.store.seenBy(caller.id),
      this.store.orderOf(caller.id),
    ]);
    const shared = records.filter((r) => r.owner === TEAM_OWNER).map(viewOf);
    const personal = records.filter((r) => r.owner !== TEAM_OWNER).map(viewOf);
    return inOrder([...DEFAULTS, ...shared, ...personal], order);
  }

  private async counted(views: UncountedView[], caller: ViewCaller): Promise<SavedView[]> {
    const counts = await this.counts.of(
      views.map((view) => view.query),
      caller.id,
    );
    return views.map((view, i) => ({ ...view, count: counts[i] ?? null }));
  }

  private async countedOne(view: UncountedView, caller: ViewCaller): Promise<SavedView> {
    const [count = null] = await this.counts.of([view.query], caller.id);
    return { ...view, count };
  }

  /**
   * A view the caller may rename, change or delete: theirs, or a shared one with settings.leads.
   * Another admin's personal view answers 404, as one that does not exist.
   */
  private async changeable(caller: ViewCaller, id: string): Promise<ViewRecord> {
    if (isDefaultViewId(id))
      throw new ApiError(
        HttpStatus.CONFLICT,
        'The default views are built in: they can be reordered (PUT /views/order), not renamed, changed or deleted',
      );
    const record = /^[0-9a-f]{24}$/.test(id) ? await this.store.byId(id) : null;
    if (!record || (record.owner !== TEAM_OWNER && record.owner !== caller.id))
      throw new ApiError(HttpStatus.NOT_FOUND, `No view ${id}`);
    if (record.owner === TEAM_OWNER) mayShare(caller);
    return record;
  }
}

function mayShare(caller: ViewCaller): void {
  if (!roleAllows(caller.role, 'settings.leads'))
    throw new ApiError(HttpStatus.FORBIDDEN, permissionRefusal(caller.role, 'settings.leads'));
}

/** A name is its owner's once, and never a default's (the list would show two alike). */
function nameIsFree(name: string, others: readonly ViewRecord[]): void {
  const key = nameKeyOf(name);
  if (
    others.some((view) => view.nameKey === key) ||
    DEFAULT_VIEWS.some((view) => nameKeyOf(view.name) === key)
  )
    nameTaken(name);
}

function nameTaken(name: string): never {
  throw new ApiError(HttpStatus.CONFLICT, `There is a view named “${name}” already`);
}
