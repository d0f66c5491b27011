import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { afterFirstPaint, HYDRATION_MARK } from "./client/after-first-paint";
import { chunkReloadInstrumentation } from "./client/chunk-reload";

// React Router's own entry, plus the chunk-reload guard around client-side navigations; it
// hydrates once the server's HTML is on screen. Until then links and forms work without it.
afterFirstPaint(() => {
  performance.mark(HYDRATION_MARK);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter instrumentations={[chunkReloadInstrumentation]} />
      </StrictMode>,
    );
  });
});
