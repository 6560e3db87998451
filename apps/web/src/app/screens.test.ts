import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type ScreenPath, screenPathOf, screens } from './screens.ts';

// The entry starts loading the screen that screenPathOf names; the router renders the one matchPath finds. They
// must agree, or a deep link loads one screen's code early and then waits for another's.
const patterns = Object.keys(screens) as ScreenPath[];
const router = (pathname: string) => patterns.find((p) => matchPath(p, pathname));

describe('the screen of a path, as the entry finds it before the router is loaded', () => {
  it('names the screen the router renders, for every screen and its spellings', () => {
    for (const pattern of patterns) {
      const path = pattern.replace(/:[^/]+/g, '12');
      for (const spelling of [path, `${path}/`, path.toUpperCase()]) {
        expect(screenPathOf(spelling), spelling).toBe(pattern);
        expect(router(spelling), spelling).toBe(pattern);
      }
    }
  });

  it('names nothing where the router has no screen', () => {
    for (const pathname of ['/', '/nothing', '/tenders/12', '/tenders/12/view/more', '/setup']) {
      expect(screenPathOf(pathname), pathname).toBeUndefined();
      expect(router(pathname), pathname).toBeUndefined();
    }
  });
});
