import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { HYDRATION_MARK } from "./client/after-first-paint";
import { chunkReloadInstrumentation } from "./client/chunk-reload";

// React Router's own entry, plus the chunk-reload guard around client-side navigations. The
// server's loader (app/lib/deferred-scripts.server.ts) runs it once the server's HTML is on
// screen; until then links and forms work without it.
performance.mark(HYDRATION_MARK);
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter instrumentations={[chunkReloadInstrumentation]} />
    </StrictMode>,
  );
});
