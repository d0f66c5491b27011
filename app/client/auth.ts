import { apiGet, apiPost, setUnauthorizedHandler } from "../lib/api-client";
import { createStore } from "./store";

export type User = { id: number; name: string; email: string };
type AuthState = { hasToken: boolean; user: User | null };

/** spec §4: logged in means having user details; the token itself stays in an HttpOnly cookie. */
export const authStore = createStore<AuthState>({ hasToken: false, user: null });

/** Start-up step 1: whether the browser holds a `token` cookie (the server tells us). */
export function loadToken(hasToken: boolean): void {
  authStore.set((state) => ({ ...state, hasToken }));
}

/** Start-up step 3: restores the signed-in customer's details when a token is held. */
export async function loadUser(): Promise<void> {
  if (!authStore.get().hasToken) return;
  const { data } = await apiGet<{ data: User }>("user", "/user/show");
  authStore.set((state) => ({ ...state, user: data }));
}

let loggingOut = false;

/** spec §4: logout clears the token and goes to Login. */
export async function logout(): Promise<void> {
  if (loggingOut) return;
  loggingOut = true;
  try {
    await apiPost("default", "/logout").catch(() => {});
  } finally {
    authStore.set({ hasToken: false, user: null });
    window.location.assign("/login");
  }
}

// spec §4: a 401 on any call logs out, but only someone who was signed in.
setUnauthorizedHandler(() => {
  if (authStore.get().hasToken) void logout();
});
