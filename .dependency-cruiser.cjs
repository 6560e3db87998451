// Module boundaries of the server (docs/architecture.md "Module boundaries"), checked by `npm run lint`.
// A module is a folder under apps/server/src/modules/. Its `index.ts` is its public API: a file of another module
// imports only that, never the module's internal files. `modules/index.ts` (the registry that mounts every module's
// routes, outbox handlers and scheduler hooks) and test files may import anything, so they are not cruised. Shared
// code (apps/server/src/lib, db, test, packages/shared) belongs to no module.
const MODULES = '^apps/server/src/modules/';

/**
 * Module cycles that remain, each with its reason and the work that removes it. A folder cycle between the two
 * modules named here is reported as a warning instead of an error; any other module cycle fails the lint.
 */
const KNOWN_MODULE_CYCLES = [
  {
    // catalogue/partRoutes.ts starts and reads the Business Central parts sync (integrations/
    // businessCentralCatalogue.ts), and that sync writes the catalogue through catalogue/bcImport.ts.
    // Work needed: the parts sync routes (POST and GET /setup/bc-sync) move to integrations, or catalogue takes the
    // sync as a function the registry hands it, so that only integrations depends on catalogue.
    name: 'catalogue-integrations',
    modules: ['catalogue', 'integrations'],
  },
  {
    // details/routes.ts retries a line's Business Central sync (integrations/businessCentral.ts retryLineSync), and
    // the parts sync imports pre-orders through details/bcImport.ts.
    // Work needed: the retry route moves to integrations, or details takes the retry as a function the registry
    // hands it, so that only integrations depends on details.
    name: 'details-integrations',
    modules: ['details', 'integrations'],
  },
];

const folderOf = (name) => `${MODULES}${name}$`;
const anyOf = (names) => `(${names.map(folderOf).join('|')})`;
const cycleModules = [...new Set(KNOWN_MODULE_CYCLES.flatMap(({ modules }) => modules))];
/** The modules a module may stay in a known cycle with. */
const partnersOf = (name) =>
  KNOWN_MODULE_CYCLES.filter(({ modules }) => modules.includes(name)).flatMap(({ modules }) =>
    modules.filter((other) => other !== name),
  );
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
      from: { path: `${MODULES}[^/]+$`, pathNot: anyOf(cycleModules) },
      to: { path: `${MODULES}[^/]+$`, circular: true },
    },
    // A module of a known cycle still may not join any other cycle.
    ...cycleModules.map((name) => ({
      name: 'no-module-cycle',
      severity: 'error',
      comment: cycleComment,
      scope: 'folder',
      from: { path: folderOf(name) },
      to: { path: `${MODULES}[^/]+$`, pathNot: anyOf(partnersOf(name)), circular: true },
    })),
    ...KNOWN_MODULE_CYCLES.map(({ name, modules }) => ({
      name: `known-module-cycle-${name}`,
      severity: 'warn',
      comment:
        'A module cycle kept for now; KNOWN_MODULE_CYCLES in .dependency-cruiser.cjs says why and what removes it.',
      scope: 'folder',
      from: { path: anyOf(modules) },
      to: { path: anyOf(modules), circular: true },
    })),
  ],
  options: {
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['\\.test\\.tsx?$', '^apps/server/src/modules/index\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/server/tsconfig.json' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
