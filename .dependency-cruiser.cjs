// The layering of src/, checked by dependency-cruiser in `npm run lint` (docs/architecture.md
// "Layers"). Two rules: no import circle anywhere in src/ (type-only imports count), and no import
// that runs up the layers. LAYERS lists them bottom first; a file may import its own layer and the
// layers before it, never one after it.
const LAYERS = [
  ['orders', '^src/orders/'],
  ['core', '^src/core/'],
  ['report', '^src/report/'],
  ['app/ports', '^src/app/ports/'],
  ['app/views', '^src/app/views/'],
  ['app/game', '^src/app/game/'],
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

const upward = LAYERS.slice(0, -1).map(([name, path], i) => ({
  name: `layer-${name.replace('/', '-')}`,
  comment: `${name} sits below ${LAYERS.slice(i + 1).map(([n]) => n).join(', ')}: it may not import them`,
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
