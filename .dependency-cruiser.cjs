// The layering of src/, checked by dependency-cruiser in `npm run lint` (docs/architecture.md
// "Layers"): no import circle anywhere in src/ (type-only imports count); no import that runs up
// the layers (LAYERS lists them bottom first; a file may import its own layer and the layers before
// it, never one after it); every file of src/ in a layer; and no I/O below the shell: orders/,
// core/, report/ and app/ import no Node built-in and no package but PURE_PACKAGES.
// tests/docs/layers.test.ts runs this file over deliberate offenders and proves each rule fires.
const LAYERS = [
  ['orders', '^src/orders/'],
  ['core', '^src/core/'],
  ['report', '^src/report/'],
  ['app/ports', '^src/app/ports/'],
  ['app/words', '^src/app/words/'],
  ['app/game', '^src/app/game/'],
  ['app/views', '^src/app/views/'],
  ['app/archive', '^src/app/archive/'],
  ['app/calendar', '^src/app/calendar/'],
  ['app/mail', '^src/app/mail/'],
  ['app/hooks', '^src/app/hooks/'],
  ['app/plotter', '^src/app/plotter/'],
  ['app/setup', '^src/app/setup/'],
  ['app/history', '^src/app/history/'],
  ['app/campaigns', '^src/app/campaigns/'],
  ['app/turn', '^src/app/turn/'],
  ['app/gm', '^src/app/gm/'],
  ['app/intake', '^src/app/intake/'],
  ['app', '^src/app/[^/]+$'],
  ['shell', '^src/shell/'],
];

// Any violation fails `npm run lint`, and so .ci/run.
const SEVERITY = 'error';

const LAYER_PATHS = LAYERS.map(([, path]) => path);
/** The layers that do no I/O: the rules, the reports and the use cases over their ports. */
const PURE = '^src/(orders|core|report|app)/';
/** The packages they may import: the schemas of the data files. */
const PURE_PACKAGES = ['zod'];
const NPM = ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown'];

const placed = [
  {
    name: 'in-a-layer',
    comment:
      'every file of src/ is in a layer: a new folder is placed among the LAYERS of .dependency-cruiser.cjs (and docs/architecture.md) before it is used',
    severity: SEVERITY,
    from: { path: '^src/', pathNot: LAYER_PATHS },
    to: {},
  },
  {
    name: 'import-in-a-layer',
    comment: 'no file of src/ imports a file of src/ that is in no layer',
    severity: SEVERITY,
    from: { path: '^src/' },
    to: { path: '^src/', pathNot: LAYER_PATHS },
  },
  {
    name: 'orphan-in-a-layer',
    comment:
      'a file of src/ that imports nothing and that nothing imports (which in-a-layer cannot see) is in a layer too',
    severity: SEVERITY,
    from: { orphan: true, path: '^src/', pathNot: LAYER_PATHS },
    to: {},
  },
];

const pure = [
  {
    name: 'no-node-below-the-shell',
    comment: 'orders/, core/, report/ and app/ do no I/O: no Node built-in (the shell holds the adapters)',
    severity: SEVERITY,
    from: { path: PURE },
    to: { dependencyTypes: ['core'] },
  },
  {
    name: 'no-package-below-the-shell',
    comment: `orders/, core/, report/ and app/ import no package but ${PURE_PACKAGES.join(', ')} (no database, mail or HTTP library: those are the shell's)`,
    severity: SEVERITY,
    from: { path: PURE },
    to: { dependencyTypes: NPM, pathNot: PURE_PACKAGES.map((p) => `node_modules/${p}/`) },
  },
];

const upward = LAYERS.slice(0, -1).map(([name, path], i) => ({
  name: `layer-${name.replace('/', '-')}`,
  comment: `${name} sits below ${LAYERS.slice(i + 1)
    .map(([n]) => n)
    .join(', ')}: it may not import them`,
  severity: SEVERITY,
  from: { path },
  to: { path: LAYERS.slice(i + 1).map(([, p]) => p) },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no import circle in src/, type-only imports included',
      severity: SEVERITY,
      from: { path: '^src/' },
      to: { circular: true },
    },
    ...upward,
    ...placed,
    ...pure,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)' },
    // Type-only imports are dependencies too: a circle of types is still a circle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
