// The start-up resolve hook for drizzle-orm (main.ts): it answers as Node would, and the server's drizzle
// modules load the same with it and without it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire, type ResolveHookContext } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveDrizzleFiles } from './moduleHooks.ts';

const require = createRequire(import.meta.url);
const drizzleDir = path.dirname(require.resolve('drizzle-orm')); // index.cjs, at the package's root

/** Every `.js` file of drizzle-orm with the relative specifiers it imports or re-exports from. */
function drizzleImports(): { file: string; specifiers: string[] }[] {
  const out: { file: string; specifiers: string[] }[] = [];
  for (const rel of fs.readdirSync(drizzleDir, { recursive: true }) as string[]) {
    if (!rel.endsWith('.js')) continue;
    const file = path.join(drizzleDir, rel);
    const text = fs.readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/\b(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map((m) => m[1]);
    out.push({ file, specifiers });
  }
  return out;
}

const notCalled = () => {
  throw new Error('Node resolution was asked');
};

describe('resolveDrizzleFiles', () => {
  it("answers drizzle-orm's relative imports with the file Node would load, as an ES module", () => {
    // The answer's module type is the package's: every .js file of drizzle-orm is an ES module.
    expect(JSON.parse(fs.readFileSync(path.join(drizzleDir, 'package.json'), 'utf8')).type).toBe('module');
    let answered = 0;
    for (const { file, specifiers } of drizzleImports())
      for (const s of specifiers) {
        const r = resolveDrizzleFiles(
          s,
          { parentURL: pathToFileURL(file).href, conditions: [], importAttributes: {} },
          notCalled,
        );
        expect(r.format).toBe('module');
        expect(r.shortCircuit).toBe(true);
        expect(fs.existsSync(new URL(r.url)), `${s} from ${file}`).toBe(true);
        expect(r.url).toBe(pathToFileURL(path.resolve(path.dirname(file), s)).href);
        answered++;
      }
    expect(answered).toBeGreaterThan(1000);
  });

  it("asks Node once for each of drizzle-orm's entry points, per conditions and copy of the package", () => {
    const asked: string[] = [];
    const next = (s: string, c?: Partial<ResolveHookContext>) => {
      asked.push(`${s} ${c?.conditions?.join(',')}`);
      return { url: `file:///answer/${s}`, format: 'module' };
    };
    const from = (file: string, conditions = ['node', 'import']) => ({
      parentURL: pathToFileURL(file).href,
      conditions,
      importAttributes: {},
    });
    const a = path.join(import.meta.dirname, '../sql.ts');
    const b = path.join(import.meta.dirname, '../../modules/tenders/list.ts');
    for (const file of [a, b, a]) {
      const r = resolveDrizzleFiles('drizzle-orm/pg-core', from(file), next);
      expect(r).toEqual({ url: 'file:///answer/drizzle-orm/pg-core', format: 'module', shortCircuit: true });
    }
    resolveDrizzleFiles('drizzle-orm/pg-core', from(b, ['node', 'require']), next);
    // A file with no drizzle-orm above it is left to Node, which reports the missing package.
    resolveDrizzleFiles('drizzle-orm/pg-core', from('/nowhere/x.ts'), next);
    expect(asked).toEqual([
      'drizzle-orm/pg-core node,import',
      'drizzle-orm/pg-core node,require',
      'drizzle-orm/pg-core node,import',
    ]);
  });

  it('leaves every other import to Node', () => {
    const seen: string[] = [];
    const next = (s: string) => {
      seen.push(s);
      return { url: `node:${s}` };
    };
    const fromDrizzle = {
      parentURL: pathToFileURL(path.join(drizzleDir, 'index.js')).href,
      conditions: [],
      importAttributes: {},
    };
    const fromApp = {
      parentURL: pathToFileURL(import.meta.filename).href,
      conditions: [],
      importAttributes: {},
    };
    resolveDrizzleFiles('./sql.ts', fromApp, next); // a relative import of the app
    resolveDrizzleFiles('pg', fromDrizzle, next); // a package imported by drizzle-orm
    resolveDrizzleFiles('./alias.cjs', fromDrizzle, next); // not an ES module file
    resolveDrizzleFiles('drizzle-orm-extra', fromApp, next); // another package whose name starts alike
    resolveDrizzleFiles('node:fs', { ...fromApp, parentURL: 'data:text/javascript,' }, next); // not from a file
    expect(seen).toEqual(['./sql.ts', 'pg', './alias.cjs', 'drizzle-orm-extra', 'node:fs']);
  });

  it("loads the server's drizzle entry points with the same exports as without it", () => {
    const entries = [
      'drizzle-orm',
      'drizzle-orm/pg-core',
      'drizzle-orm/node-postgres',
      'drizzle-orm/node-postgres/migrator',
      'drizzle-orm/pglite',
      'drizzle-orm/pglite/migrator',
    ];
    const script = `
      const out = {};
      for (const e of ${JSON.stringify(entries)}) out[e] = Object.keys(await import(e)).sort();
      out.answered = globalThis.answered ?? 0;
      console.log(JSON.stringify(out));`;
    const run = (hooked: boolean) =>
      JSON.parse(
        execFileSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            (hooked
              ? `import module from 'node:module'; import { resolveDrizzleFiles } from ${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'moduleHooks.ts')).href)};
                 module.registerHooks({ resolve(s, c, next) {
                   const r = resolveDrizzleFiles(s, c, next);
                   if (r.shortCircuit) globalThis.answered = (globalThis.answered ?? 0) + 1;
                   return r;
                 } });`
              : '') + script,
          ],
          { cwd: import.meta.dirname, encoding: 'utf8' },
        ),
      );
    const { answered: none, ...plain } = run(false);
    expect(none).toBe(0);
    expect(plain['drizzle-orm']).toContain('eq');
    expect(plain['drizzle-orm/pg-core']).toContain('pgTable');
    const { answered, ...hooked } = run(true);
    expect(answered).toBeGreaterThan(300); // the hook answered the files' imports of each other and the entries
    expect(hooked).toEqual(plain);
  });
});
