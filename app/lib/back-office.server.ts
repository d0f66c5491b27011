import type { RouterContextProvider } from "react-router";
import { recentMail } from "../../server/mail/service.ts";
import { shopOverview } from "../../server/platform/overview.ts";
import { appContext } from "./app-context.server";

/**
 * The back office services with this request's database: what its loaders call
 * (architecture.md §7.1).
 */
export function backOffice(context: Readonly<RouterContextProvider>) {
  const { db } = context.get(appContext);
  return {
    shopOverview: () => shopOverview(db),
    recentMail: () => recentMail(db),
  };
}
