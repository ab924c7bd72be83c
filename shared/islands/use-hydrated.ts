import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/** False during the server render and hydration, true once the browser has taken over. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
