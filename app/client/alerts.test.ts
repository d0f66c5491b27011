import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ALERT_TIMEOUT_MS,
  alertsStore,
  dismissAlert,
  dismissAlertsOfOtherPages,
  pushAlert,
} from "./alerts";

describe("alerts", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    alertsStore.set([]);
  });
  afterEach(() => vi.useRealTimers());

  it("disappears after 3000 ms by default", () => {
    expect(ALERT_TIMEOUT_MS).toBe(3000);
    pushAlert("SUCCESS", "Logged in successfully.");
    expect(alertsStore.get()).toMatchObject([{ type: "SUCCESS", body: "Logged in successfully." }]);
    vi.advanceTimersByTime(2999);
    expect(alertsStore.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(alertsStore.get()).toEqual([]);
  });

  it("keeps its own timeout, and stays until dismissed with 0", () => {
    pushAlert("WARNING", "Only 2 left.", 5000);
    const sticky = pushAlert("ERROR", "Please check your details and try again.", 0);
    vi.advanceTimersByTime(5000);
    expect(alertsStore.get()).toMatchObject([{ key: sticky, type: "ERROR" }]);
    dismissAlert(sticky);
    expect(alertsStore.get()).toEqual([]);
  });

  it("gives every alert its own key", () => {
    const first = pushAlert("SUCCESS", "One");
    const second = pushAlert("SUCCESS", "One");
    expect(first).not.toBe(second);
  });

  it("dismisses a page's alerts once the shopper is on another page, but not those for the next page (issue 29)", () => {
    const added = pushAlert("SUCCESS", "Tee added to your basket.", 0);
    const signedIn = pushAlert("SUCCESS", "Logged in successfully.", 0, { forNextPage: true });
    const page = alertsStore.get()[0]?.page ?? "";
    dismissAlertsOfOtherPages(page);
    expect(alertsStore.get().map((alert) => alert.key)).toEqual([added, signedIn]);
    dismissAlertsOfOtherPages("/checkout");
    expect(alertsStore.get()).toMatchObject([{ key: signedIn, page: "/checkout" }]);
    // Shown on the page it was for, it goes with that page too.
    dismissAlertsOfOtherPages("/products");
    expect(alertsStore.get()).toEqual([]);
  });
});
