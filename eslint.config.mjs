// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The API's import rule: never development tooling; and of these database packages, none (the
 * files allowed to speak Mongoose pass an empty list).
 */
function apiImports(databasePackages) {
  return [
    'error',
    {
      paths: databasePackages.map((name) => ({
        name,
        message:
          'Only nest/src/database, repositories (*.repository.ts), stores (*.store.ts) and schemas (*.schema.ts) speak Mongoose; a module only registers schemas. Add a repository method instead.',
      })),
      patterns: [
        {
          group: ['**/scripts/**', '**/test/**'],
          message: 'The API does not ship scripts/ or test/: keep development tooling out of it.',
        },
      ],
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'build',
      '.data',
      '.cache',
      'coverage',
      'test-results',
      'reports',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    // `~/` (remix/) and `@contract` are our own code: group them as internal imports.
    settings: { 'import-x/internal-regex': '^(~/|@contract$)' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', ['sibling', 'index']],
          'newlines-between': 'always',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'import-x/no-duplicates': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    // A module a newcomer reads in one sitting (issue 31): past 300 lines it holds two jobs.
    files: ['nest/src/**/*.ts', 'remix/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.ts', '**/*.test.ts', '**/*.fixture.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // Nest relies on emitDecoratorMetadata: a constructor parameter's class must be a value import.
    files: ['nest/**/*.ts', 'test/api/**/*.ts', 'test/support/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // The API's source is what ships: development tooling (scripts/, test/) stays out of it. And
    // one seam for the database: only what stores things speaks Mongoose (see below).
    files: ['nest/src/**/*.ts'],
    rules: { 'no-restricted-imports': apiImports(['mongoose', '@nestjs/mongoose']) },
  },
  {
    // A module wires its schemas (MongooseModule.forFeature), and nothing more of Mongoose.
    files: ['nest/src/**/*.module.ts'],
    rules: { 'no-restricted-imports': apiImports(['mongoose']) },
  },
  {
    // What speaks Mongoose, by name: the database layer, a repository (or a store, a small one),
    // a schema; and unit specs, which may look at what a repository sends (decision 0022).
    files: [
      'nest/src/database/**/*.ts',
      'nest/src/**/*.repository.ts',
      'nest/src/**/*.store.ts',
      'nest/src/**/*.schema.ts',
      'nest/src/**/*.spec.ts',
    ],
    rules: { 'no-restricted-imports': apiImports([]) },
  },
  {
    // Tooling (the dev stack, benchmarks, CI checks, generators, seeding) may be used by tests;
    // it never depends on them, so a script runs without the test tree.
    files: ['scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/test/**'], message: 'Tooling never imports tests: move it to scripts/.' },
          ],
        },
      ],
    },
  },
  {
    // Components are used by routes, never the other way round: what both need lives beside the
    // component (or in utils/), so a component can be read and tested without its route.
    files: ['remix/components/**/*.{ts,tsx}', 'remix/hooks/**/*.ts', 'remix/utils/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['~/routes/**', '**/routes/**'], message: 'Components never import routes.' },
          ],
        },
      ],
    },
  },
  {
    // …and what it imports at run time must be installed in production (`npm ci --omit=dev`).
    files: ['nest/src/**/*.ts'],
    ignores: ['nest/src/**/*.spec.ts'],
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        { devDependencies: false, optionalDependencies: false, peerDependencies: false },
      ],
    },
  },
  {
    // The contract is shared with the browser bundle: plain TypeScript, no framework or database.
    files: ['nest/src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nestjs/*', 'class-validator', 'class-transformer', 'mongoose', 'mongodb'],
              message: 'The contract must stay framework-free.',
            },
            { group: ['../*', '!./*'], message: 'The contract imports nothing outside itself.' },
          ],
        },
      ],
    },
  },
  {
    files: ['remix/**/*.{ts,tsx}', 'test/web/**/*.ts'],
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      'react/prop-types': 'off',
    },
  },
  prettier,
);
