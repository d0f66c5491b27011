// The server owns the context it fills for each page request; loaders and actions reach it here,
// through a `.server.ts` file, so no browser bundle can import it (architecture.md §7.5).
export { appContext } from "../../server/http/app-context.ts";
