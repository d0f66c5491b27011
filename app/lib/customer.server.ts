import type { RouterContextProvider } from "react-router";
import type { LiveToken } from "../../server/auth/tokens.ts";
import { publicUser, savedAddress } from "../../server/customers/service.ts";
import { appContext } from "./app-context.server";

/** What the dashboard shows of the signed-in customer: an allow-list, never the stored row. */
export async function customerDetails(
  context: Readonly<RouterContextProvider>,
  session: LiveToken,
) {
  const { db } = context.get(appContext);
  const [shipping, billing] = await Promise.all([
    savedAddress(db, session.user.id, "shipping"),
    savedAddress(db, session.user.id, "billing"),
  ]);
  return { user: publicUser(session.user), shipping, billing };
}
