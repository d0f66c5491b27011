import { redirect } from "react-router";
import { type FormResult, LOGIN_FAILED, LOGIN_SUCCEEDED } from "../lib/account-messages";
import {
  ApiRequestError,
  apiGet,
  apiPost,
  setUnauthorizedHandler,
  ValidationFailedError,
} from "../lib/api-client";
import { safeRedirectTarget } from "../lib/redirect-target";
import { pushAlert } from "./alerts";
import { createStore } from "./store";

export type User = { id: number; name: string; email: string; role: string };
type AuthState = { hasToken: boolean; user: User | null };

/**
 * behaviour.md §4: logged in means having user details; the token itself stays in an HttpOnly
 * cookie.
 */
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

/**
 * A sign-in form's submission with JavaScript on (behaviour.md §7: POST /login-user or
 * /login-admin). Success stores the user (logged in), says 'Logged in successfully.' and goes to
 * the redirect target when it is a same-site path; failure hands 'Please check your details and try
 * again.' and the field messages back to the form, which says it in its own alert (no toast on top:
 * the shopper reads one message, once).
 */
export async function signInFromForm(
  request: Request,
  endpoint: "/login-user" | "/login-admin",
  fallback: string,
): Promise<FormResult | Response> {
  const form = await request.formData();
  const target = safeRedirectTarget(String(form.get("redirect") ?? ""), fallback);
  try {
    const { data } = await apiPost<{ data: { user: User } }>("default", endpoint, {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
    });
    authStore.set({ hasToken: true, user: data.user });
    pushAlert("SUCCESS", LOGIN_SUCCEEDED, undefined, { forNextPage: true });
    return redirect(target);
  } catch (error) {
    if (error instanceof ValidationFailedError) {
      const errors = (error.data as FormResult | null)?.errors;
      return { message: LOGIN_FAILED, errors };
    }
    if (error instanceof ApiRequestError && error.status === 429) {
      return { message: error.message };
    }
    throw error;
  }
}

let loggingOut = false;

/**
 * behaviour.md §4: logout clears the token and goes to Login (the staff sign-in from the back
 * office).
 */
export async function logout(to = "/login"): Promise<void> {
  if (loggingOut) return;
  loggingOut = true;
  try {
    await apiPost("default", "/logout").catch(() => {});
  } finally {
    authStore.set({ hasToken: false, user: null });
    window.location.assign(to);
  }
}

// behaviour.md §4: a 401 on any call logs out, but only someone who was signed in.
setUnauthorizedHandler(() => {
  if (authStore.get().hasToken) void logout();
});

/**
 * The dashboard's password change with JavaScript on (behaviour.md §7: POST /user/password/update);
 * field messages go back to the form.
 */
export async function changePasswordFromForm(
  request: Request,
): Promise<FormResult & { done?: string }> {
  const form = await request.formData();
  try {
    const { data } = await apiPost<{ data: { message: string } }>("user", "/user/password/update", {
      currentPassword: String(form.get("currentPassword") ?? ""),
      password: String(form.get("password") ?? ""),
    });
    pushAlert("SUCCESS", data.message);
    return { done: data.message };
  } catch (error) {
    if (error instanceof ValidationFailedError) {
      return { errors: (error.data as FormResult | null)?.errors };
    }
    throw error;
  }
}
