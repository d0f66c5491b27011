// The public surface of server/media/: what other server modules may import
// (architecture.md §6, rule `only-through-module-index`). Everything else is internal.

export { imageRefOf, mediaFileView } from "./service.ts";
