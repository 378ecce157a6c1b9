/**
 * The contract run's verdict in one plain line, counted from schemathesis's own JSON run report
 * (`--report json`), so a reader and CI see how many test cases ran, not a pytest-like footer.
 */
export interface ContractSummary {
  /** False when schemathesis wrote no report or stopped before its end. */
  complete: boolean;
  generated: number;
  passed: number;
  failed: number;
}

interface JsonReport {
  complete?: boolean;
  test_cases?: {
    generated: number;
    with_failures: number;
    without_checks: number;
    errored: number;
  };
  errors?: { count: number }[];
}

export function readSummary(report: string | null): ContractSummary {
  const parsed = report === null ? {} : (JSON.parse(report) as JsonReport);
  const cases = parsed.test_cases;
  if (!cases) return { complete: false, generated: 0, passed: 0, failed: 0 };
  // Errors outside any test case (a schema that does not load, say) fail the run as well.
  const errors = (parsed.errors ?? []).reduce((sum, group) => sum + group.count, 0);
  const failed = cases.with_failures + Math.max(cases.errored, errors);
  return {
    complete: parsed.complete === true,
    generated: cases.generated,
    passed: cases.generated - cases.with_failures - cases.errored - cases.without_checks,
    failed,
  };
}

export function contractLine(summary: ContractSummary, exitCode: number): string {
  const line = `Contract: ${summary.passed} passed, ${summary.failed} failed`;
  return summary.complete ? line : `${line} (schemathesis did not finish: exit code ${exitCode})`;
}
