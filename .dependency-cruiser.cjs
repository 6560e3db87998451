// Module boundaries of the server (docs/architecture.md "Module boundaries"), checked by `npm run lint`.
// A module is a folder under apps/server/src/modules/. Its `index.ts` is its public API: a file of another module
// imports only that, never the module's internal files. `modules/index.ts` (the registry that mounts every module's
// routes, outbox handlers and scheduler hooks) and test files may import anything, so they are not cruised. Shared
// code (apps/server/src/lib, db, test, packages/shared) belongs to no module.
const MODULES = '^apps/server/src/modules/';

const cycleComment =
  'Modules depend on each other in one direction only: a cycle between modules means one of them has to give up ' +
  'the dependency (move the code that needs the other one, or have the registry hand it over).';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-internals',
      severity: 'error',
      comment:
        'A module imports another module only through its index.ts (its public API). Export what is needed from ' +
        "the other module's index.ts (create it if the module has none) and import that.",
      from: { path: `${MODULES}([^/]+)/` },
      to: {
        path: MODULES,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'no-module-cycle',
      severity: 'error',
      comment: cycleComment,
      scope: 'folder',
      from: { path: `${MODULES}[^/]+$` },
      to: { path: `${MODULES}[^/]+$`, circular: true },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['\\.test\\.tsx?$', '^apps/server/src/modules/index\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/server/tsconfig.json' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
