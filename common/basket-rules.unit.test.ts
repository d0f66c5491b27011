import { describe, expect, it } from "vitest";
import {
  applyBasketChange,
  basketCookie,
  discountCookie,
  parseStoredBasket,
  toLineRequests,
} from "./basket-rules.ts";

describe("basket rules (behaviour.md §4)", () => {
  it("adds to the quantity of a line already there", () => {
    expect(applyBasketChange({ 5: 1 }, { kind: "add", id: 5, quantity: 2 })).toEqual({ 5: 3 });
    expect(applyBasketChange({}, { kind: "add", id: 7, quantity: 1 })).toEqual({ 7: 1 });
  });

  it("ignores a quantity set below 0, removes the line at 0, and sets it otherwise", () => {
    expect(applyBasketChange({ 5: 2 }, { kind: "set", id: 5, quantity: -1 })).toEqual({ 5: 2 });
    expect(applyBasketChange({ 5: 2, 6: 1 }, { kind: "set", id: 5, quantity: 0 })).toEqual({
      6: 1,
    });
    expect(applyBasketChange({ 5: 2 }, { kind: "set", id: 5, quantity: 4 })).toEqual({ 5: 4 });
    expect(applyBasketChange({ 5: 2 }, { kind: "set", id: 5, quantity: 1.5 })).toEqual({ 5: 2 });
  });

  it("removes a line and empties the basket", () => {
    expect(applyBasketChange({ 5: 2, 6: 1 }, { kind: "remove", id: 6 })).toEqual({ 5: 2 });
    expect(applyBasketChange({ 5: 2, 6: 1 }, { kind: "empty" })).toEqual({});
  });

  it("never adds nothing or less than nothing", () => {
    expect(applyBasketChange({ 5: 2 }, { kind: "add", id: 5, quantity: 0 })).toEqual({ 5: 2 });
    expect(applyBasketChange({ 5: 2 }, { kind: "add", id: 5, quantity: -3 })).toEqual({ 5: 2 });
  });

  it("reads only sane entries from the cookie", () => {
    expect(parseStoredBasket(JSON.stringify({ 12: 2, 15: 1 }))).toEqual({ 12: 2, 15: 1 });
    expect(
      parseStoredBasket(JSON.stringify({ 1: 0, 2: -1, 3: 1.5, x: 1, 4: "2", 5: 3, 6: 5000 })),
    ).toEqual({ 5: 3 });
    expect(parseStoredBasket("[1,2]")).toEqual({});
    expect(parseStoredBasket("{not json")).toEqual({});
    expect(parseStoredBasket(undefined)).toEqual({});
  });

  it("writes the cookies the server can read", () => {
    expect(basketCookie({ 5: 2 }, false)).toBe(
      "basket=%7B%225%22%3A2%7D; Path=/; Max-Age=2592000; SameSite=Lax",
    );
    expect(basketCookie({}, true)).toMatch(/; Secure$/);
    expect(discountCookie("WELCOME10", false)).toBe(
      "discount_code=WELCOME10; Max-Age=2592000; Path=/; SameSite=Lax",
    );
    expect(discountCookie(null, false)).toBe("discount_code=; Max-Age=0; Path=/; SameSite=Lax");
    expect(toLineRequests({ 5: 2 })).toEqual([{ id: 5, quantity: 2 }]);
  });
});
