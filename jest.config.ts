import type { Config } from 'jest';

// Run by `npm test` in this order of cost: unit, nest-unit and docs (jsdom/node, no servers), api
// (Supertest against Nest on the embedded database), ops (the supervisor and the built API as real
// processes), web (a real Chromium against the production build).
const tsJestNest: Config['transform'] = {
  '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
};

const config: Config = {
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/remix/**/*.spec.ts?(x)'],
      transform: {
        '^.+\\.tsx?$': [
          'ts-jest',
          {
            isolatedModules: true,
            tsconfig: { jsx: 'react-jsx', module: 'commonjs', esModuleInterop: true },
          },
        ],
      },
      moduleNameMapper: {
        '^~/(.*)$': '<rootDir>/remix/$1',
        '^@contract$': '<rootDir>/nest/src/contract/index.ts',
        '\\.(css|scss)$': '<rootDir>/test/support/style-stub.ts',
      },
      setupFilesAfterEnv: ['<rootDir>/test/support/unit-setup.ts'],
    },
    {
      displayName: 'nest-unit',
      testEnvironment: 'node',
      // The seed's data (scripts/seed) is checked with the API's units: it builds on their types.
      testMatch: ['<rootDir>/nest/src/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts'],
      transform: tsJestNest,
    },
    {
      // The docs name only paths that exist (scripts/ci/doc-paths.ts): run with the unit tests.
      displayName: 'docs',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/docs/**/*.spec.ts'],
      transform: tsJestNest,
    },
    {
      displayName: 'api',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/api/**/*.e2e-spec.ts'],
      transform: tsJestNest,
      globalSetup: '<rootDir>/test/support/api-global-setup.ts',
      globalTeardown: '<rootDir>/test/support/api-global-teardown.ts',
    },
    {
      // Operations: the real `npm start`/`npm run dev` supervisor, the built API and the admin CLI
      // as processes, killed and signalled by PID (needs `npm run build`; Linux, reads /proc).
      displayName: 'ops',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/ops/**/*.test.ts'],
      transform: tsJestNest,
    },
    {
      displayName: 'web',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/web/**/*.test.ts'],
      transform: tsJestNest,
      globalSetup: '<rootDir>/test/support/web-global-setup.ts',
      globalTeardown: '<rootDir>/test/support/web-global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/web-setup.ts'],
    },
  ],
};

export default config;
