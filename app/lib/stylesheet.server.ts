import { readFileSync } from "node:fs";
import { join } from "node:path";
import { clientBuildFolder } from "../../server/paths.ts";

const texts = new Map<string, string | undefined>();

/**
 * The text of a built stylesheet (`/assets/app-….css`), read once per process; undefined when the
 * build holds no such file (the dev server keeps its CSS in memory).
 */
export function builtStylesheetText(href: string): string | undefined {
  if (!texts.has(href)) {
    let text: string | undefined;
    try {
      text = readFileSync(join(clientBuildFolder, href), "utf8");
    } catch {
      text = undefined;
    }
    texts.set(href, text);
  }
  return texts.get(href);
}
