import { type Document } from 'mongodb';

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
