import type { RouterContextProvider } from "react-router";
import { oldCollectionLinkTarget } from "../../server/catalog/service/old-links";
import { appContext } from "./app-context.server";

/** Where an old `/collections/...` link lands now (the catalogue decides, behaviour.md §2). */
export function oldCollectionLink(url: URL, context: Readonly<RouterContextProvider>) {
  return oldCollectionLinkTarget(context.get(appContext).db, url);
}
