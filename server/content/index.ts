// The public surface of server/content/: what other server modules may import
// (architecture.md §6, rule `only-through-module-index`). Everything else is internal.

export { contactMessagesOf, deleteContactMessagesOf } from "./erasure.ts";
export { articlesUsingFiles } from "./service/file-usage.ts";
