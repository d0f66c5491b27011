import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openSession, type Session } from "./support/browser.ts";

// No screen uses the confirm dialog yet and the shop ships no demo route, so the spec bundles
// the kit's own component into a blank page: keyboard behaviour needs a real browser.
const HARNESS = `
import { createRoot } from "react-dom/client";
import { Button } from "./app/components/ui/button";
import { ConfirmDialog } from "./app/components/ui/dialog";

function Page() {
  return (
    <main>
      <button type="button">Before</button>
      <ConfirmDialog
        trigger={<Button variant="danger">Delete product</Button>}
        title="Delete this product?"
        description="It leaves the shop at once."
        confirmLabel="Yes, delete it"
        onConfirm={() => { window.confirmed = (window.confirmed ?? 0) + 1; }}
      />
      <button type="button">After</button>
    </main>
  );
}
createRoot(document.getElementById("root")).render(<Page />);
`;

let browser: Browser;
let script: string;
let session: Session;

beforeAll(async () => {
  const [bundle, launched] = await Promise.all([
    build({
      stdin: { contents: HARNESS, loader: "tsx", resolveDir: process.cwd() },
      bundle: true,
      write: false,
      format: "iife",
      jsx: "automatic",
      define: { "process.env.NODE_ENV": '"production"' },
      logLevel: "silent",
    }),
    launchBrowser(),
  ]);
  script = bundle.outputFiles[0]?.text ?? "";
  browser = launched;
});
afterAll(() => browser?.close());

async function openPage(): Promise<Page> {
  session = await openSession(browser, "http://ui-kit.test");
  const { page } = session;
  await page.setContent('<!doctype html><html lang="en-GB"><body><div id="root"></div></body>');
  await page.addScriptTag({ content: script });
  await page.getByRole("button", { name: "Delete product" }).waitFor();
  return page;
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? "");
/** Waits until `text`'s button has focus: Radix moves focus after the dialog's own frame. */
const focusReaches = (page: Page, text: string) =>
  page.waitForFunction((name) => document.activeElement?.textContent === name, text, {
    timeout: 5000,
  });
const dialog = (page: Page) => page.getByRole("alertdialog", { name: "Delete this product?" });

describe("ConfirmDialog in Chromium", () => {
  it("opens from the keyboard with focus on Cancel, keeps Tab inside, and Escape returns focus", async () => {
    const page = await openPage();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("Delete product");
    await page.keyboard.press("Enter");
    await dialog(page).waitFor();
    await focusReaches(page, "Cancel");

    // Focus is trapped: Tab and Shift+Tab go round the dialog's two buttons, never behind it.
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("Yes, delete it");
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("Cancel");
    await page.keyboard.press("Shift+Tab");
    expect(await focused(page)).toBe("Yes, delete it");
    // The page behind is hidden from screen readers while the dialog is open.
    expect(await page.getByRole("button", { name: "After" }).count()).toBe(0);

    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    await focusReaches(page, "Delete product");
    expect(await page.evaluate(() => (window as { confirmed?: number }).confirmed)).toBeUndefined();
    await session.expectNoErrors();
    await session.close();
  });

  it("confirms once, closes, and gives focus back to the trigger", async () => {
    const page = await openPage();
    await page.getByRole("button", { name: "Delete product" }).click();
    await dialog(page).getByRole("button", { name: "Yes, delete it" }).click();
    await dialog(page).waitFor({ state: "detached" });
    expect(await page.evaluate(() => (window as { confirmed?: number }).confirmed)).toBe(1);
    await focusReaches(page, "Delete product");
    await session.expectNoErrors();
    await session.close();
  });
});
