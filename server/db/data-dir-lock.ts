import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export class DataDirInUseError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Claims DATA_DIR for this process. PGlite is single-process: a second process writing the same
 * files would corrupt them, so it must stop before opening the database. A lock left by a process
 * that has died is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = join(dataDir, "encore.pid");
  const claim = () => writeFileSync(lockFile, String(process.pid), { flag: "wx" });
  try {
    claim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const holder = Number.parseInt(readFileSync(lockFile, "utf8"), 10);
    if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
      throw new DataDirInUseError(
        `DATA_DIR ${dataDir} is in use by another Encore process (pid ${holder}); stop it or set another DATA_DIR.`,
      );
    }
    unlinkSync(lockFile);
    claim();
  }
  return () => {
    try {
      if (readFileSync(lockFile, "utf8") === String(process.pid)) unlinkSync(lockFile);
    } catch {
      // Already gone: nothing to release.
    }
  };
}
