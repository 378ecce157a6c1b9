import { spawnSync } from 'node:child_process';

/** What ESLint (the project's config, through its CLI) says of `code` saved as `filePath`. */
function ruleIdsFor(code: string, filePath: string): (string | null)[] {
  const result = spawnSync(
    process.execPath,
    [
      'node_modules/eslint/bin/eslint.js',
      '--format',
      'json',
      '--stdin',
      '--stdin-filename',
      filePath,
    ],
    { input: code, encoding: 'utf8' },
  );
  const [report] = JSON.parse(result.stdout) as { messages: { ruleId: string | null }[] }[];
  return report?.messages.map((message) => message.ruleId) ?? [];
}

/** The API's source is what ships; development tooling in scripts/ and test/ must stay out of it. */
describe('ESLint keeps the API tree to itself', () => {
  it.each([
    ["import { startEmbeddedDatabase } from '../../scripts/stack/embedded-database';\n"],
    ["import { createTestApp } from '../../test/support/test-app';\n"],
  ])('refuses %s in nest/src', (code) => {
    expect(ruleIdsFor(code, 'nest/src/database/example.ts')).toContain('no-restricted-imports');
  });

  it('refuses a development-only package in the API’s run-time code, not in its unit tests', () => {
    const code = "import { faker } from '@faker-js/faker';\n\nfaker.seed(1);\n";
    expect(ruleIdsFor(code, 'nest/src/leads/example.ts')).toContain(
      'import-x/no-extraneous-dependencies',
    );
    expect(ruleIdsFor(code, 'nest/src/leads/example.spec.ts')).not.toContain(
      'import-x/no-extraneous-dependencies',
    );
  });

  it('lets scripts/ import the API’s config', () => {
    expect(
      ruleIdsFor(
        "import { parseEnvironment } from '../nest/src/config/env.schema';\n\nparseEnvironment({});\n",
        'scripts/example.ts',
      ),
    ).not.toContain('no-restricted-imports');
  });

  it('refuses tests in tooling: scripts/ runs without the test tree', () => {
    expect(
      ruleIdsFor(
        "import { adminCredentials } from '../../test/support/browser';\n\nadminCredentials();\n",
        'scripts/bench/example.ts',
      ),
    ).toContain('no-restricted-imports');
  });

  it('lets only the database layer, repositories, stores and schemas speak Mongoose', () => {
    const model = "import { type Model } from 'mongoose';\n\nexport type M = Model<object>;\n";
    for (const path of [
      'nest/src/leads/core/example.ts',
      'nest/src/leads/core/example.service.ts',
      'nest/src/leads/core/example.module.ts',
    ])
      expect(ruleIdsFor(model, path)).toContain('no-restricted-imports');
    for (const path of [
      'nest/src/database/example.ts',
      'nest/src/leads/core/repository/example.repository.ts',
      'nest/src/leads/spam/example.store.ts',
      'nest/src/leads/timeline/example.schema.ts',
    ])
      expect(ruleIdsFor(model, path)).not.toContain('no-restricted-imports');
  });

  it('lets a module register schemas, and nothing else inject a model', () => {
    const inject = "import { InjectModel } from '@nestjs/mongoose';\n\nvoid InjectModel;\n";
    expect(ruleIdsFor(inject, 'nest/src/leads/work/example.ts')).toContain('no-restricted-imports');
    expect(ruleIdsFor(inject, 'nest/src/leads/work/example.repository.ts')).not.toContain(
      'no-restricted-imports',
    );
    const register = "import { MongooseModule } from '@nestjs/mongoose';\n\nvoid MongooseModule;\n";
    expect(ruleIdsFor(register, 'nest/src/leads/work/example.module.ts')).not.toContain(
      'no-restricted-imports',
    );
  });

  it('refuses a route module in a component', () => {
    expect(
      ruleIdsFor(
        "import { action } from '~/routes/super-secret-admin.leads';\n\nvoid action;\n",
        'remix/components/admin/example.tsx',
      ),
    ).toContain('no-restricted-imports');
  });
});
