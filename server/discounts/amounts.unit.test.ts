import { describe, expect, it } from "vitest";
import { discountAmount, splitProportionally } from "./amounts.ts";

describe("discountAmount", () => {
  it("takes a percentage of the eligible subtotal, rounded half up to the penny", () => {
    expect(discountAmount("percentage", 10, 2495)).toBe(250); // 249.5p
    expect(discountAmount("percentage", 15, 999)).toBe(150); // 149.85p
    expect(discountAmount("percentage", 10, 2494)).toBe(249); // 249.4p
    expect(discountAmount("percentage", 15, 9994)).toBe(1499); // 1499.1p
    expect(discountAmount("percentage", 1, 49)).toBe(0); // 0.49p
    expect(discountAmount("percentage", 1, 50)).toBe(1); // 0.5p
    expect(discountAmount("percentage", 100, 2495)).toBe(2495);
  });

  it("never takes off more than the eligible subtotal", () => {
    expect(discountAmount("fixed", 500, 3000)).toBe(500);
    expect(discountAmount("fixed", 5000, 1200)).toBe(1200);
    expect(discountAmount("fixed", 500, 0)).toBe(0);
  });
});

describe("splitProportionally", () => {
  it("gives the leftover pence to the largest remainders, summing exactly", () => {
    // 1499 over 1999, 4998 and 2997: exact shares 299.83, 749.65 and 449.52.
    expect(splitProportionally(1499, [1999, 4998, 2997])).toEqual([300, 750, 449]);
    expect(splitProportionally(100, [333, 333, 334])).toEqual([33, 33, 34]);
  });

  it("breaks ties in favour of the earlier line", () => {
    expect(splitProportionally(1, [100, 100, 100])).toEqual([1, 0, 0]);
    expect(splitProportionally(2, [100, 100, 100])).toEqual([1, 1, 0]);
  });

  it("gives nothing to lines out of scope", () => {
    expect(splitProportionally(5, [0, 7, 0, 3])).toEqual([0, 4, 0, 1]);
    expect(splitProportionally(0, [10, 20])).toEqual([0, 0]);
    expect(splitProportionally(10, [0, 0])).toEqual([0, 0]);
  });

  it("sums exactly for many awkward baskets, each share within a penny of exact", () => {
    let seed = 7;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    for (let round = 0; round < 500; round++) {
      const weights = Array.from({ length: 1 + next(12) }, () =>
        next(4) === 0 ? 0 : 1 + next(90_000),
      );
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      const amount = total === 0 ? 0 : next(total + 1);
      const shares = splitProportionally(amount, weights);
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total === 0 ? 0 : amount);
      shares.forEach((share, index) => {
        const exact = total === 0 ? 0 : (amount * (weights[index] ?? 0)) / total;
        expect(Math.abs(share - exact)).toBeLessThan(1);
        if (weights[index] === 0) expect(share).toBe(0);
      });
    }
  });

  it("stays exact past 2^53", () => {
    const shares = splitProportionally(99_999_999, [99_999_999, 1, 3]);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(99_999_999);
  });
});
