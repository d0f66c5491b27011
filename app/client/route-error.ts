import { useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { isChunkLoadError, reloadAfterChunkFailure } from "./chunk-reload";

/**
 * The error an error boundary shows, as status and words (behaviour.md §8's "Page not found: …" for
 * a 404), for every boundary alike; a script chunk that failed to load (a new release) reloads
 * the page instead.
 */
export function useRouteErrorView(): { status: number; message: string } {
  const error = useRouteError();
  const chunkFailed = !isRouteErrorResponse(error) && isChunkLoadError(error);
  useEffect(() => {
    if (chunkFailed) reloadAfterChunkFailure(error);
  }, [chunkFailed, error]);
  if (!isRouteErrorResponse(error)) {
    return { status: 500, message: "Something went wrong on our side. Please try again." };
  }
  const message = typeof error.data === "string" ? error.data : error.statusText;
  return { status: error.status, message };
}
