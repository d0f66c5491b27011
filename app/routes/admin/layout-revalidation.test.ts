import type { ShouldRevalidateFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { MEMBER_COUNT_INTENT } from "../../lib/segment-intents";
import { shouldRevalidate } from "./layout";

const args = (intent: string | undefined): ShouldRevalidateFunctionArgs => {
  const formData = new FormData();
  if (intent) formData.set("intent", intent);
  return {
    currentUrl: new URL("http://shop/admin/segments/new"),
    currentParams: {},
    nextUrl: new URL("http://shop/admin/segments/new"),
    nextParams: {},
    formMethod: "POST",
    formAction: "/admin/segments/new",
    formData,
    defaultShouldRevalidate: true,
  } as ShouldRevalidateFunctionArgs;
};

describe("the back office layout's loader after a post", () => {
  it("is not run again for a segment's live member count, which changes nothing", () => {
    expect(shouldRevalidate(args(MEMBER_COUNT_INTENT))).toBe(false);
  });

  it("is run again, as by default, after a save or another rule", () => {
    expect(shouldRevalidate(args(undefined))).toBe(true);
    expect(shouldRevalidate(args("add-rule"))).toBe(true);
    expect(shouldRevalidate({ ...args(undefined), defaultShouldRevalidate: false })).toBe(false);
  });
});
