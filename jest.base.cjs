// Shared jest settings for every package: SWC transpiles TypeScript (type checking is `typecheck`'s
// job), and workspace packages resolve to their sources so tests never depend on a prior build.
const path = require('node:path');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/**
 * @param {{ environment?: 'node' | 'jsdom', moduleNameMapper?: Record<string, string>, setupFilesAfterEnv?: string[], testTimeout?: number }} options
 */
function jestConfig(options = {}) {
  const packages = path.join(__dirname, 'packages');
  return {
    testEnvironment: options.environment ?? 'node',
    roots: ['<rootDir>/src'],
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    transform: { '^.+\\.(t|j)sx?$': swc },
    moduleNameMapper: {
      '^@pairwatch/([a-z-]+)$': `${packages}/$1/src/index.ts`,
      '^@pairwatch/ui-kit/colors$': `${packages}/ui-kit/src/colors.ts`,
      ...(options.moduleNameMapper ?? {}),
    },
    setupFilesAfterEnv: options.setupFilesAfterEnv ?? [],
    testTimeout: options.testTimeout ?? 5000,
  };
}

module.exports = { jestConfig };
