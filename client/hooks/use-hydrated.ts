import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React hydrates the pre-rendered "/" (and in the build-time render itself), true from the
 * render right after, and at once on a page rendered in the browser from the start. Parts that the build
 * cannot render (lazy chunks, what depends on the browser) wait for it, so hydration matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
