import { DEMO_ACCOUNTS } from "../../server/db/seed/accounts.ts";
import type { TestApp } from "./app.ts";

/** Signs in through the real API and returns the `token=…` Cookie header a browser would send. */
export async function signedInCookie(
  app: TestApp,
  account: { email: string; password: string } = DEMO_ACCOUNTS.customer,
  door: "/api/login-user" | "/api/login-admin" = "/api/login-user",
): Promise<string> {
  const response = await app.fetch(door, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed with ${response.status}`);
  const { data } = (await response.json()) as { data: { token: string } };
  return `token=${data.token}`;
}
