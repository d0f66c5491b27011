// The demo shop's accounts (server/db/seed/accounts.ts), signed in through the API as a browser or
// the staff app would: the phases that need someone signed in share these.
import { apiClient } from "../common/api/client.mjs";

export const DEMO_STAFF = { email: "staff@example.com", password: "encore-staff-2026" };
export const DEMO_CUSTOMER = { email: "fan@example.com", password: "encore-fan-2026" };

/**
 * Signs `account` in at `POST <url><path>` (`/api/login-admin` for staff, `/api/login-user` for a
 * customer); resolves to the token (sent as a bearer token or the `token` cookie), or undefined
 * with the status when the shop refused.
 */
export async function signIn(url, path, account) {
  const { data, response } = await apiClient(url).POST(path, { body: account });
  return { token: response.status === 200 ? data.data.token : undefined, status: response.status };
}
