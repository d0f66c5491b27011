let newBuildSeen = false;

/** True once the server has published a build other than the one this page runs. */
export function newBuildAvailable(): boolean {
  return newBuildSeen;
}

export function markNewBuild(): void {
  newBuildSeen = true;
}

/** The build this page runs, as React Router's manifest names it. */
export function currentBuildId(): string | undefined {
  return (window as Window & { __reactRouterManifest?: { version?: string } }).__reactRouterManifest
    ?.version;
}
