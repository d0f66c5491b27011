let hydrated = false;

/** Whether the page has hydrated: a component mounting from now on renders on the client alone. */
export const hasHydrated = (): boolean => hydrated;

/** Called once the root has hydrated (its effects run after every other component's). */
export function markHydrated(): void {
  hydrated = true;
}
