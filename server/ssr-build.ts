import { statSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { SsrHandler } from "./app.ts";
import { serverBuildFile } from "./paths.ts";
import type { BuildInfo } from "./platform/api.ts";

/** Loads the production React Router build; its asset version is the build id. */
export async function loadProductionSsr(): Promise<{ ssr: SsrHandler; build: BuildInfo }> {
  const serverBuild = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  return {
    ssr: createRequestHandler(serverBuild, "production"),
    build: {
      id: serverBuild.assets.version,
      timestamp: Math.floor(statSync(serverBuildFile).mtimeMs),
    },
  };
}
