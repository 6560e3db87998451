// A resolve hook for Node's module loader (registered by main.ts): drizzle-orm's files find each other without Node
// parsing drizzle-orm's package.json every time.
//
// For every module it loads from a file, Node looks up the package.json of the file's package to learn its module
// type, and its lookup (Node 24's `getPackageScopeConfig`) copies the parsed file with an object spread that parses
// the `exports` and `imports` fields anew on each call. drizzle-orm's package.json is 179 KB (an `exports` entry
// per file), and the server loads ~440 of its files by relative imports: 300–500 ms of a cold start went into
// parsing the same JSON (a CPU profile of `node apps/server/src/main.ts`).
//
// The hook answers exactly those imports, a relative `./x.js` or `../x.js` from a drizzle-orm file, as Node would:
// the URL relative to the importing file, and the module type of drizzle-orm's package (`"type": "module"`, so every
// `.js` file is an ES module; moduleHooks.test.ts checks it and that every such import names an existing file). Any
// other import goes to Node's own resolution.
import type { ResolveFnOutput, ResolveHookContext } from 'node:module';

const DRIZZLE = '/node_modules/drizzle-orm/';

export function resolveDrizzleFiles(
  specifier: string,
  context: ResolveHookContext,
  nextResolve: (specifier: string, context?: Partial<ResolveHookContext>) => ResolveFnOutput,
): ResolveFnOutput {
  const parent = context.parentURL;
  if (
    parent?.startsWith('file:') &&
    parent.includes(DRIZZLE) &&
    (specifier.startsWith('./') || specifier.startsWith('../')) &&
    specifier.endsWith('.js')
  )
    return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
  return nextResolve(specifier, context);
}
