// One lint config for the whole workspace. Besides the usual TypeScript rules it enforces the
// package dependency direction of docs/architecture.md §1 (tsc project references enforce it too),
// bans deep imports and `export *`, and keeps `domain` free of I/O, timers and clocks.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** Which workspace packages each package may import (architecture §1). */
export const allowedImports = {
  domain: [],
  'signalr-server': [],
  'exchange-sim': ['domain'],
  api: ['domain', 'signalr-server', 'exchange-sim'],
  'ui-kit': ['domain'],
  'market-data': ['domain'],
  shell: ['domain', 'ui-kit', 'market-data'],
  'alerts-mfe': ['domain', 'ui-kit', 'market-data'],
  'positions-mfe': ['domain', 'ui-kit', 'market-data'],
  'test-support': [],
};
const allPackages = Object.keys(allowedImports);

/**
 * Packages of stand-ins for tests: any package's tests, test helpers (`src/test-support/`) and
 * benchmarks may import them, its product code never (architecture §1).
 */
const testOnlyPackages = ['test-support'];

const deepImport = {
  // `@pairwatch/x/testing` is a declared entry point (test fixtures), not an internal path; so is
  // `@pairwatch/ui-kit/colors` (the theme's colours without MUI, for code that runs before it).
  group: ['@pairwatch/*/*', '!@pairwatch/*/testing', '!@pairwatch/ui-kit/colors'],
  message: "Import a package from its root ('@pairwatch/x'), never its internals.",
};

function restrictImports(pkg, banned, testOnly) {
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          deepImport,
          ...(banned.length
            ? [
                {
                  group: banned.map((p) => `@pairwatch/${p}`),
                  message: `@pairwatch/${pkg} may import only ${
                    allowedImports[pkg].map((p) => `@pairwatch/${p}`).join(', ') ||
                    'no workspace package'
                  } (dependency direction, docs/architecture.md §1).`,
                },
              ]
            : []),
          ...(testOnly.length
            ? [
                {
                  group: testOnly.map((p) => `@pairwatch/${p}`),
                  message:
                    'Stand-ins for tests: only tests, src/test-support/ and bench/ import them (docs/architecture.md §1).',
                },
              ]
            : []),
        ],
      },
    ],
  };
}

/** The dependency direction for one package: its product code, then its tests and benchmarks. */
function boundaryBlocks(pkg) {
  const others = allPackages.filter((p) => p !== pkg && !allowedImports[pkg].includes(p));
  const banned = others.filter((p) => !testOnlyPackages.includes(p));
  const testOnly = others.filter((p) => testOnlyPackages.includes(p));
  const testFiles = [
    `packages/${pkg}/src/**/*.test.{ts,tsx}`,
    `packages/${pkg}/src/test-support/**/*.{ts,tsx}`,
    `packages/${pkg}/bench/**/*.{ts,tsx}`,
  ];
  return [
    {
      files: [`packages/${pkg}/**/*.{ts,tsx}`],
      ignores: testFiles,
      rules: restrictImports(pkg, banned, testOnly),
    },
    { files: testFiles, rules: restrictImports(pkg, banned, []) },
  ];
}

const impure = 'domain is pure: time, I/O and randomness arrive as arguments.';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      'e2e/artifacts/**',
      'e2e/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'List the names you export (no `export *`).' },
        {
          selector: 'ExportDefaultDeclaration',
          message: 'Use named exports (default only for React.lazy / MF exposes entries).',
        },
      ],
      'no-restricted-imports': ['error', { patterns: [deepImport] }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  ...allPackages.flatMap(boundaryBlocks),
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'setTimeout',
          'setInterval',
          'clearTimeout',
          'clearInterval',
          'setImmediate',
          'queueMicrotask',
          'requestAnimationFrame',
          'fetch',
          'XMLHttpRequest',
          'WebSocket',
          'console',
          'window',
          'document',
          'localStorage',
          'indexedDB',
          'navigator',
          'process',
          'Buffer',
          'require',
          'performance',
          'crypto',
        ].map((name) => ({ name, message: impure })),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: impure },
        { object: 'Math', property: 'random', message: impure },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'List the names you export (no `export *`).' },
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: impure },
        {
          selector:
            'ImportDeclaration[source.value=/^(node:|fs$|http|https$|net$|os$|path$|child_process$|worker_threads$)/]',
          message: impure,
        },
      ],
    },
  },
  {
    // Type-aware rules for all TypeScript: a promise is awaited, returned or handed to something
    // that handles its rejection; class members follow one style (plain `private`, no `public`
    // keyword, no `_` prefix), as CONTRIBUTING.md describes. A `switch` over a union without a
    // `default` (an alert condition, a frequency, a shape) must name every member, so adding one
    // fails lint at every such switch (docs/architecture.md §6).
    files: ['packages/*/{src,bench}/**/*.{ts,tsx}', 'e2e/**/*.ts', 'tools/**/*.ts'],
    languageOptions: {
      parserOptions: {
        project: ['packages/*/tsconfig.spec.json', 'e2e/tsconfig.json', 'tools/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/explicit-member-accessibility': ['error', { accessibility: 'no-public' }],
      '@typescript-eslint/naming-convention': [
        'error',
        {
          selector: 'memberLike',
          modifiers: ['private'],
          format: ['camelCase', 'UPPER_CASE'],
          leadingUnderscore: 'forbid',
        },
        {
          selector: 'memberLike',
          modifiers: ['protected'],
          format: ['camelCase', 'UPPER_CASE'],
          leadingUnderscore: 'forbid',
        },
      ],
    },
  },
  {
    files: ['packages/{shell,alerts-mfe,positions-mfe,ui-kit,market-data}/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: [
      'packages/{api,signalr-server,exchange-sim,test-support}/**/*.ts',
      'tools/**/*.{ts,mjs}',
      'e2e/**/*.ts',
      'scripts/**/*.mjs',
      '**/*.config.{ts,mjs}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Build configs and the Module Federation helpers are CommonJS, run by webpack and jest.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Entry modules that React.lazy, MF `exposes` or a tool's config loader import by default.
    files: ['**/src/exposed/**', '**/*.config.{ts,mjs}', 'eslint.config.mjs'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
