// What a screen mounts when: its parts in stages (useStagedMount), an overlay from its first opening (useOpenedOnce).
// A screen mounted in stages, top to bottom: stage 0 renders with the screen, each next stage in a transition of
// its own once the previous one is on screen. Each stage is a commit (and a task) of its own instead of one long
// commit of everything, which kept the main thread busy (Lighthouse's total blocking time on /tenders). Later
// stages only add content below the earlier ones, so nothing on screen moves.
import { startTransition, useEffect, useState } from 'react';

/** The last stage mounted so far, 0…`last`. */
export function useStagedMount(last: number): number {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (stage >= last) return;
    // After this commit's paint: a timer task, so the next stage's render and commit are not part of this one.
    const timer = setTimeout(() => startTransition(() => setStage((s) => s + 1)), 0);
    return () => clearTimeout(timer);
  }, [stage, last]);
  return stage;
}

/**
 * Whether something (a drawer, a dialog) has been open at least once: it is rendered from then on, and stays for its
 * closing animation, but not on every page's first render while it has never opened.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
