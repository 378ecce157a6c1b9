import { type Db, type Document } from 'mongodb';

import { type LeadKindDescriptor, LIST_PAGE } from '../../nest/src/contract';
import { engineFacts } from '../../nest/src/database/database-engine';
import { sortValues } from '../../nest/src/leads/core/lead-order';
import { type LeadRecord } from '../../nest/src/leads/core/lead-record';
import {
  type LeadQuery,
  listQuery,
  type ListQueryOptions,
} from '../../nest/src/leads/core/repository/lead-queries.repository';
import { windowQuery } from '../../nest/src/leads/core/repository/window-page.repository';
import { wordsFormOfDb } from '../seed/fake-leads';

import { planSteps } from './plan-steps';

export interface PlanRow {
  shape: string;
  plan: string;
}

/**
 * What the engine's planner does with each query shape, as `explain` tells it: the plan's steps
 * top-down with the indexes they use. MongoDB's stages (`LIMIT > FETCH > IXSCAN`) and PostgreSQL's
 * nodes under DocumentDB (`Limit > Sort > Index Scan`) are read alike, so the report shows which
 * shapes an index serves and which still sort their matches.
 */
export async function queryPlans(
  db: Db,
  kind: LeadKindDescriptor,
  shapes: Record<string, LeadQuery>,
): Promise<PlanRow[]> {
  const rows: PlanRow[] = [];
  for (const [shape, { filter, sort, hint }] of Object.entries(shapes)) {
    const find = db
      .collection(kind.collection)
      .find(filter as Document)
      .sort(sort)
      .limit(LIST_PAGE.defaultLimit + 1);
    const explained = await (hint ? find.hint(hint) : find)
      .explain('queryPlanner')
      .catch((error: unknown) => ({ error: String(error) }));
    rows.push({ shape, plan: planSteps(explained) });
  }
  return rows;
}

/**
 * A kind's inbox query shapes as the API builds them, for explain: the first page and a page deep
 * in the list, each whole and as its newest window (7 days here; the API sizes it from the list's
 * pace), and two searches (a common word, then a rare one) the same two ways.
 */
export async function planShapes(
  db: Db,
  kind: LeadKindDescriptor,
  searches: Record<string, string>,
): Promise<Record<string, LeadQuery>> {
  const form = await wordsFormOfDb(db);
  const deep = await db
    .collection<LeadRecord>(kind.collection)
    .find({ spamAt: null, archivedAt: null })
    .sort({ createdAt: -1, _id: -1 })
    .skip(500)
    .limit(1)
    .next();
  const after = deep ? sortValues('active', deep) : undefined;
  const since = new Date(Date.now() - 7 * 86_400_000);
  // As the API reads a list's newest window on FerretDB 2 (window-page.repository.ts).
  const orderless = engineFacts(await db.admin().command({ buildInfo: 1 })).orderlessIndexes;
  const windowed = (read: ListQueryOptions) =>
    orderless ? windowQuery('active', read) : listQuery('active', read);
  const shapes: Record<string, LeadQuery> = {
    'first page': listQuery('active', { form }),
    'first page, newest window': windowed({ form, since }),
    'page after the 500th lead': listQuery('active', { form, after }),
    'page after the 500th lead, newest window': windowed({ form, after, since }),
  };
  for (const q of Object.values(searches)) {
    shapes[`search ${q}`] = listQuery('active', { form, q });
    shapes[`search ${q}, newest window`] = windowed({ form, q, since });
  }
  return shapes;
}
