import { apiClient } from "../../common/api/client.mjs";
import { DEMO_ACCOUNTS } from "../../server/db/seed/accounts.ts";
import type { TestApp } from "./app.ts";

/** Signs in through the real API and returns the live token. */
export async function signedInToken(
  app: TestApp,
  account: { email: string; password: string } = DEMO_ACCOUNTS.customer,
  door: "/api/login-user" | "/api/login-admin" = "/api/login-user",
): Promise<string> {
  const { data, response } = await apiClient(app.url).POST(door, {
    body: { email: account.email, password: account.password },
  });
  if (!data || response.status !== 200) throw new Error(`sign-in failed with ${response.status}`);
  return data.data.token;
}

/** Signs in through the real API and returns the `token=…` Cookie header a browser would send. */
export async function signedInCookie(
  app: TestApp,
  account: { email: string; password: string } = DEMO_ACCOUNTS.customer,
  door: "/api/login-user" | "/api/login-admin" = "/api/login-user",
): Promise<string> {
  return `token=${await signedInToken(app, account, door)}`;
}
