// A resolve hook for Node's module loader (registered by main.ts): drizzle-orm's modules are found without Node
// parsing drizzle-orm's package.json for each of them.
//
// For every module it loads from a file, Node looks up the package.json of the file's package to learn its module
// type, and its lookup (Node 24's `getPackageScopeConfig`) copies the parsed file with an object spread that parses
// the `exports` and `imports` fields anew on each call; a bare `import … from 'drizzle-orm'` reads the same
// `exports` again for each importing file. drizzle-orm's package.json is 179 KB (an `exports` entry per file); the
// server loads ~440 of its files by relative imports and imports it from ~110 files of its own: 300–500 ms of a cold
// start went into parsing the same JSON (a CPU profile of `node apps/server/src/main.ts`).
//
// The hook answers those imports as Node would:
// - a relative `./x.js` or `../x.js` from a drizzle-orm file: the URL next to the importing file, with the module
//   type of drizzle-orm's package (`"type": "module"`: every `.js` file is an ES module);
// - `drizzle-orm` or `drizzle-orm/<entry>` from anywhere else: Node's own answer, asked once per entry, conditions
//   and copy of the package (the nearest `node_modules/drizzle-orm` above the importing file, as Node looks it up).
// moduleHooks.test.ts checks both against Node. Any other import goes to Node's own resolution.
import fs from 'node:fs';
import type { ResolveFnOutput, ResolveHookContext } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DRIZZLE = '/node_modules/drizzle-orm/';

type NextResolve = (specifier: string, context?: Partial<ResolveHookContext>) => ResolveFnOutput;

/** Node's answers for the package's entry points, by copy of the package, entry and conditions. */
const entries = new Map<string, ResolveFnOutput>();
/** Per directory: the drizzle-orm copy Node finds from it (the nearest `node_modules/drizzle-orm` above), or ''. */
const copies = new Map<string, string>();

function drizzleCopyFrom(dir: string): string {
  let found = copies.get(dir);
  if (found !== undefined) return found;
  const own = path.join(dir, 'node_modules', 'drizzle-orm');
  const up = path.dirname(dir);
  found = fs.existsSync(own) ? own : up === dir ? '' : drizzleCopyFrom(up);
  copies.set(dir, found);
  return found;
}

export function resolveDrizzleFiles(
  specifier: string,
  context: ResolveHookContext,
  nextResolve: NextResolve,
): ResolveFnOutput {
  const parent = context.parentURL;
  if (!parent?.startsWith('file:')) return nextResolve(specifier, context);
  if (
    parent.includes(DRIZZLE) &&
    (specifier.startsWith('./') || specifier.startsWith('../')) &&
    specifier.endsWith('.js')
  )
    return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    const copy = drizzleCopyFrom(path.dirname(fileURLToPath(parent)));
    if (!copy) return nextResolve(specifier, context);
    const key = `${copy}\0${specifier}\0${context.conditions.join(',')}`;
    let answer = entries.get(key);
    if (!answer) {
      answer = nextResolve(specifier, context);
      entries.set(key, answer);
    }
    return { ...answer, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
