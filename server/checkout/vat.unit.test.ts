import { describe, expect, it } from "vitest";
import { splitProportionally } from "../discounts/amounts.ts";
import { isExport, vatIn, workOutVat } from "./vat.ts";

// The worked examples of docs/vat.md, one test each, with the same figures.

describe("vatIn", () => {
  it("takes the VAT out of a VAT-inclusive price, rounded half up to the penny", () => {
    expect(vatIn(2500, 20)).toBe(417); // 416.67p
    expect(vatIn(999, 20)).toBe(167); // 166.5p: half a penny rounds up
    expect(vatIn(993, 20)).toBe(166); // 165.5p
    expect(vatIn(994, 20)).toBe(166); // 165.67p
    expect(vatIn(992, 20)).toBe(165); // 165.33p
    expect(vatIn(1050, 5)).toBe(50); // 50p exactly, at the reduced rate
    expect(vatIn(1500, 0)).toBe(0);
    expect(vatIn(0, 20)).toBe(0);
  });

  it("stays exact far beyond any real order", () => {
    expect(vatIn(9_007_199_254, 20)).toBe(1_501_199_876); // 1,501,199,875.67p
    expect(vatIn(1_099_511_627_779, 20)).toBe(183_251_937_963); // 183,251,937,963.17p
    expect(vatIn(1_099_511_627_781, 20)).toBe(183_251_937_964); // …963.5p rounds up
  });
});

describe("workOutVat", () => {
  it("example 1: one £25.00 T-shirt at 20% carries £4.17 VAT", () => {
    expect(
      workOutVat({
        lines: [{ gross: 2500, vatRate: 20 }],
        discount: 0,
        delivery: 0,
        exported: false,
      }),
    ).toEqual({
      lines: [{ discount: 0, vat: 417, net: 2083 }],
      delivery: { vat: 0, net: 0 },
      totals: { subtotal: 2500, discount: 0, delivery: 0, vat: 417, vatTakenOff: 0, total: 2500 },
    });
  });

  it("example 2: £10 off a £25.00 T-shirt (20%) and a £15.00 book (0%) is shared 625/375", () => {
    const { lines, totals } = workOutVat({
      lines: [
        { gross: 2500, vatRate: 20 },
        { gross: 1500, vatRate: 0 },
      ],
      discount: 1000,
      delivery: 0,
      exported: false,
    });
    // The T-shirt now costs £18.75: 1875 × 20 / 120 = 312.5p, rounded half up to 313p.
    expect(lines).toEqual([
      { discount: 625, vat: 313, net: 1562 },
      { discount: 375, vat: 0, net: 1125 },
    ]);
    expect(totals).toEqual({
      subtotal: 4000,
      discount: 1000,
      delivery: 0,
      vat: 313,
      vatTakenOff: 0,
      total: 3000,
    });
  });

  it("example 3: delivery on mixed rates is split by the goods' value after discount", () => {
    // £3.95 over £18.75 at 20% and £11.25 at 0%: exact parts 246.875p and 148.125p; the spare
    // penny goes to the larger remainder, so 247p at 20% (41.17p → 41p VAT) and 148p at 0%.
    const breakdown = workOutVat({
      lines: [
        { gross: 2500, vatRate: 20 },
        { gross: 1500, vatRate: 0 },
      ],
      discount: 1000,
      delivery: 395,
      exported: false,
    });
    expect(breakdown.delivery).toEqual({ vat: 41, net: 354 });
    expect(breakdown.totals).toEqual({
      subtotal: 4000,
      discount: 1000,
      delivery: 395,
      vat: 354,
      vatTakenOff: 0,
      total: 3395,
    });
  });

  it("example 4: a £9.99 CD holds 166.5p of VAT, rounded half up to 167p", () => {
    const { lines, totals } = workOutVat({
      lines: [{ gross: 999, vatRate: 20 }],
      discount: 0,
      delivery: 0,
      exported: false,
    });
    expect(lines).toEqual([{ discount: 0, vat: 167, net: 832 }]);
    expect(totals.vat).toBe(167);
  });

  it("example 5: an export to France takes the VAT off the goods and the delivery", () => {
    // £25.00 T-shirt and £9.95 delivery: 417p and 165.83p → 166p of UK VAT come off.
    expect(
      workOutVat({
        lines: [{ gross: 2500, vatRate: 20 }],
        discount: 0,
        delivery: 995,
        exported: true,
      }),
    ).toEqual({
      lines: [{ discount: 0, vat: 0, net: 2083 }],
      delivery: { vat: 0, net: 829 },
      totals: {
        subtotal: 2500,
        discount: 0,
        delivery: 995,
        vat: 0,
        vatTakenOff: 583,
        total: 2912,
      },
    });
  });

  it("charges delivery at the goods' one rate, whatever it is", () => {
    const zeroRated = workOutVat({
      lines: [{ gross: 1500, vatRate: 0 }],
      discount: 0,
      delivery: 395,
      exported: false,
    });
    expect(zeroRated.delivery).toEqual({ vat: 0, net: 395 });
    const standard = workOutVat({
      lines: [
        { gross: 2500, vatRate: 20 },
        { gross: 1200, vatRate: 20 },
      ],
      discount: 0,
      delivery: 595,
      exported: false,
    });
    expect(standard.delivery).toEqual({ vat: 99, net: 496 }); // 99.17p
  });

  it("splits delivery by gross when a code took every penny off the goods", () => {
    const { delivery, totals } = workOutVat({
      lines: [
        { gross: 3000, vatRate: 20 },
        { gross: 1000, vatRate: 0 },
      ],
      discount: 4000,
      delivery: 400,
      exported: false,
    });
    // 300p at 20% (50p VAT) and 100p at 0%.
    expect(delivery).toEqual({ vat: 50, net: 350 });
    expect(totals.total).toBe(400);
  });

  it("gives no share of a scoped code to the lines it does not cover, as the discount does", () => {
    const gross = [2500, 1500, 999];
    const covered = [true, false, true];
    const { lines } = workOutVat({
      lines: gross.map((value, index) => ({
        gross: value,
        vatRate: index === 1 ? 0 : 20,
        discountable: covered[index],
      })),
      discount: 525,
      delivery: 0,
      exported: false,
    });
    const shares = splitProportionally(
      525,
      gross.map((value, index) => (covered[index] ? value : 0)),
    );
    expect(lines.map((line) => line.discount)).toEqual(shares);
    expect(lines[1]).toEqual({ discount: 0, vat: 0, net: 1500 });
  });

  it("always adds up: shares to the discount, each line and delivery to their gross", () => {
    let seed = 11;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    for (let round = 0; round < 300; round++) {
      const lines = Array.from({ length: 1 + next(6) }, () => ({
        gross: 1 + next(20_000),
        vatRate: [0, 5, 20][next(3)] as number,
      }));
      const subtotal = lines.reduce((total, line) => total + line.gross, 0);
      const discount = next(subtotal + 1);
      const delivery = next(2) ? 0 : next(1500);
      const exported = next(4) === 0;
      const breakdown = workOutVat({ lines, discount, delivery, exported });
      const shares = breakdown.lines.map((line) => line.discount);
      expect(shares.reduce((total, share) => total + share, 0)).toBe(discount);
      breakdown.lines.forEach((line, index) => {
        const gross = lines[index]?.gross ?? 0;
        expect(line.net + (exported ? 0 : line.vat) + line.discount).toBe(
          exported ? gross - vatIn(gross - line.discount, lines[index]?.vatRate ?? 0) : gross,
        );
      });
      const charged =
        breakdown.lines.reduce((total, line) => total + line.net + line.vat, 0) +
        breakdown.delivery.net +
        breakdown.delivery.vat;
      expect(breakdown.totals.total).toBe(charged);
      expect(breakdown.totals.total).toBe(
        subtotal - discount + delivery - breakdown.totals.vatTakenOff,
      );
    }
  });

  it("refuses input no caller should send", () => {
    const line = { gross: 2500, vatRate: 20 };
    const base = { lines: [line], discount: 0, delivery: 0, exported: false };
    expect(() => workOutVat({ ...base, lines: [] })).toThrow(/at least one line/);
    expect(() => workOutVat({ ...base, lines: [{ ...line, gross: 10.5 }] })).toThrow(/gross/);
    expect(() => workOutVat({ ...base, lines: [{ ...line, vatRate: 101 }] })).toThrow(/rate/);
    expect(() => workOutVat({ ...base, delivery: -1 })).toThrow(/delivery/);
    expect(() => workOutVat({ ...base, discount: 2501 })).toThrow(/discount/);
    expect(() =>
      workOutVat({ ...base, lines: [{ ...line, discountable: false }], discount: 1 }),
    ).toThrow(/discount/);
  });
});

describe("isExport", () => {
  it("treats the UK and the Isle of Man as home, everywhere else as an export", () => {
    expect(isExport("GB")).toBe(false);
    expect(isExport("IM")).toBe(false);
    expect(isExport("JE")).toBe(true);
    expect(isExport("GG")).toBe(true);
    expect(isExport("IE")).toBe(true);
    expect(isExport("US")).toBe(true);
  });
});
