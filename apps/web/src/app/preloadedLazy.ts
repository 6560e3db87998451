// React.lazy for code that is usually loaded before it renders (the shell and the screen of the path start loading
// in parallel with the session check). A plain lazy component suspends on its first render even when its module
// is already there (its promise settles a microtask later): the app then showed its loading fallback and React
// held the real screen back (a Suspense reveal waits up to 300 ms after a fallback) and committed it in one task.
// Here, once the module has loaded, the component renders at once.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: any component's props, as React.lazy takes
export function preloadedLazy<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  type Module = { default: C };
  let loaded: Module | undefined;
  const track = () =>
    load().then((m) => {
      loaded = m;
      return m;
    });
  // A settled thenable: React reads a lazy component's module synchronously when `then` calls back at once.
  // biome-ignore lint/suspicious/noThenProperty: a thenable is what React.lazy takes
  const ready = (m: Module) => ({ then: (resolve: (m: Module) => void) => resolve(m) }) as Promise<Module>;
  const component: LazyExoticComponent<C> = lazy(() => (loaded ? ready(loaded) : track()));
  return { component, load: track };
}
