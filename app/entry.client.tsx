import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { chunkReloadInstrumentation } from "./client/chunk-reload";

// React Router's own entry, plus the chunk-reload guard around client-side navigations.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter instrumentations={[chunkReloadInstrumentation]} />
    </StrictMode>,
  );
});
