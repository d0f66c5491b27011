import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDir } from "./data-dir-lock.ts";

const freshDir = () => mkdtempSync(join(tmpdir(), "encore-lock-"));

describe("lockDataDir", () => {
  it("claims the folder and releases it", () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, "encore.pid"), "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, "encore.pid"))).toBe(false);
  });

  it("fails fast, naming the holder, while another live process holds the folder", async () => {
    const dir = freshDir();
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(join(dir, "encore.pid"), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
      expect(() => lockDataDir(dir)).toThrow(
        `DATA_DIR ${dir} is in use by another Encore process (pid ${holder.pid})`,
      );
    } finally {
      holder.kill();
    }
  });

  it("takes over a lock left by a process that has died", async () => {
    const dir = freshDir();
    const dead = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => dead.on("exit", resolve));
    writeFileSync(join(dir, "encore.pid"), String(dead.pid));
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, "encore.pid"), "utf8")).toBe(String(process.pid));
    release();
  });
});
