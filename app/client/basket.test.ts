import { describe, expect, it } from "vitest";
import { parseStoredBasket } from "./basket";

const cookie = (value: unknown) => `basket=${encodeURIComponent(JSON.stringify(value))}`;

describe("parseStoredBasket", () => {
  it("reads the stored map of variant id to quantity", () => {
    expect(parseStoredBasket(cookie({ 12: 2, 15: 1 }))).toEqual({ 12: 2, 15: 1 });
  });

  it("drops anything that is not a positive whole quantity for a numeric id", () => {
    expect(parseStoredBasket(cookie({ 1: 0, 2: -1, 3: 1.5, x: 1, 4: "2", 5: 3 }))).toEqual({
      5: 3,
    });
    expect(parseStoredBasket(cookie([1, 2]))).toEqual({});
    expect(parseStoredBasket("basket=%7Bnot-json")).toEqual({});
    expect(parseStoredBasket(undefined)).toEqual({});
  });
});
