// The server's entry: two start-up settings of Node's module loader, then serve.ts. They must come before the
// server's modules are loaded, and a static import of serve.ts would load its whole module graph before any line
// here runs; hence the dynamic import. Together they took a cold start from ~2.7 s to ~1.6 s (lib/handmade/README.md,
// docs/decisions.md "Cold start: the compile cache and drizzle's package.json").
import module from 'node:module';
import { resolveDrizzleFiles } from './lib/handmade/moduleHooks.ts';

// V8's compiled code of every module (the TypeScript ones after their types are stripped) kept on disk, by default
// in the system's temporary directory (NODE_COMPILE_CACHE names another, NODE_DISABLE_COMPILE_CACHE=1 turns it off).
// A module whose source changed is compiled anew. It never throws: without a writable directory the server starts as
// before.
module.enableCompileCache();
module.registerHooks({ resolve: resolveDrizzleFiles });

await import('./serve.ts');
