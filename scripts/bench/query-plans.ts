import { type Db, type Document } from 'mongodb';

import { type LeadKindDescriptor, LIST_PAGE } from '../../nest/src/contract';
import { type LeadQuery } from '../../nest/src/leads/core/lead-queries';

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
  shapes: Record<string, LeadQuery & { hint?: Document }>,
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

/** The plan's steps, top-down, each with its index: "Limit > Sort > Index Scan (words_1_…)". */
export function planSteps(explained: Document): string {
  if (typeof explained.error === 'string') return `explain failed: ${explained.error}`;
  const root: unknown =
    explained.queryPlanner?.winningPlan ?? explained.queryPlanner?.Plan ?? explained;
  const steps: string[] = [];
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const n = node as Record<string, unknown>;
    const step = n.stage ?? n['Node Type'];
    const index = n.indexName ?? n['Index Name'];
    if (typeof step === 'string')
      steps.push(typeof index === 'string' ? `${step} (${index})` : step);
    walk(n.inputStage);
    walk(n.inputStages);
    walk(n.Plans);
  };
  walk(root);
  return steps.join(' > ') || 'no plan given';
}
