// Lint configuration. The important rule is the boundary: src/core and src/orders are the pure
// rules and order language; they may not import Node built-ins or any package that touches the
// world, nor read the clock or Math.random (docs/architecture.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export const SHELL_PACKAGES = [
  'fs',
  'fs/promises',
  'path',
  'os',
  'crypto',
  'child_process',
  'http',
  'https',
  'net',
  'tls',
  'dns',
  'stream',
  'url',
  'util',
  'worker_threads',
  'process',
  'events',
  'readline',
  'zlib',
  'buffer',
  'imapflow',
  'nodemailer',
  'mailparser',
  'smtp-server',
  'better-sqlite3',
  'express',
  'handlebars',
  'pino',
  'commander',
  'playwright-core',
  'helmet',
  'yaml',
  'dotenv',
];

export const boundaryRules = {
  'no-restricted-imports': [
    'error',
    {
      paths: SHELL_PACKAGES.map((name) => ({
        name,
        message: 'src/core and src/orders are pure: no I/O packages (do it in src/shell and pass the data in).',
      })),
      patterns: [
        { group: ['node:*'], message: 'src/core and src/orders are pure: no node: imports.' },
        { group: ['**/shell/**', '**/app/**'], message: 'the pure core may not depend on app or shell code.' },
      ],
    },
  ],
  'no-restricted-globals': [
    'error',
    { name: 'process', message: 'no process in the pure core' },
    { name: 'Buffer', message: 'no Buffer in the pure core (use Uint8Array)' },
    { name: 'require', message: 'no require in the pure core' },
    { name: 'setTimeout', message: 'no timers in the pure core' },
    { name: 'setInterval', message: 'no timers in the pure core' },
    { name: 'fetch', message: 'no network in the pure core' },
  ],
  'no-restricted-properties': [
    'error',
    { object: 'Math', property: 'random', message: 'dice come from src/core/dice.ts (seeded)' },
    { object: 'Date', property: 'now', message: 'no clock in the pure core (the Clock port lives in src/app)' },
  ],
  'no-restricted-syntax': [
    'error',
    { selector: "NewExpression[callee.name='Date']", message: 'no clock in the pure core' },
    { selector: 'ImportExpression', message: 'no dynamic import in the pure core' },
  ],
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'coverage/**', 'var/**', 'dist/**', 'dist.*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setImmediate: 'readonly',
        AbortController: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        structuredClone: 'readonly',
        performance: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    files: ['src/core/**/*.ts', 'src/orders/**/*.ts'],
    rules: boundaryRules,
  },
  // The layering of all of src/ (no circle, no import up the layers) is dependency-cruiser's, in
  // .dependency-cruiser.cjs; `npm run lint` runs both.
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
);
