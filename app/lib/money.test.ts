import { describe, expect, it } from "vitest";
import { formatPrice } from "./money";

describe("formatPrice", () => {
  it("shows pence as pounds the British way", () => {
    expect(formatPrice(2500)).toBe("£25.00");
    expect(formatPrice(99)).toBe("£0.99");
    expect(formatPrice(123456)).toBe("£1,234.56");
    expect(formatPrice(0)).toBe("£0.00");
  });
});
