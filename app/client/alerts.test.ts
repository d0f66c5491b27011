import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ALERT_TIMEOUT_MS, alertsStore, dismissAlert, pushAlert } from "./alerts";

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
});
