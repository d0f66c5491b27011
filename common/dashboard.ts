import { z } from "zod";

/** The shop-event funnel's steps, in the order a shopper takes them (GA4's names). */
export const FUNNEL_STEPS = ["view_item", "add_to_cart", "begin_checkout", "purchase"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** The dashboard's range when none is asked for: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;
/** The longest range one answer covers (a daily series of at most this many points). */
export const MAX_RANGE_DAYS = 366;
/** Variants with this many units or fewer are low on stock, unless asked otherwise. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

const Day = z.string().meta({ description: "A day in Europe/London, YYYY-MM-DD." });
const Pence = z.number().int().meta({ description: "Pence, VAT included." });

/** Money taken and orders paid over some days: paid orders, less what was refunded. */
export const SalesFigure = z.object({ sales: Pence, orders: z.number().int() });
export type SalesFigure = z.output<typeof SalesFigure>;

export const DailySales = SalesFigure.extend({ day: Day });
export type DailySales = z.output<typeof DailySales>;

export const TopProduct = z.object({
  productId: z.number().int(),
  title: z.string(),
  band: z.string(),
  units: z.number().int(),
  revenue: Pence,
});
export type TopProduct = z.output<typeof TopProduct>;

export const TopBand = z.object({ band: z.string(), units: z.number().int(), revenue: Pence });
export type TopBand = z.output<typeof TopBand>;

export const LowStockVariant = z.object({
  variantId: z.number().int(),
  productId: z.number().int(),
  productTitle: z.string(),
  /** The variant's options, "M / Black"; empty for a product of one variant. */
  title: z.string(),
  sku: z.string(),
  stock: z.number().int(),
});
export type LowStockVariant = z.output<typeof LowStockVariant>;

export const FunnelStepFigure = z.object({
  step: z.enum(FUNNEL_STEPS),
  count: z.number().int(),
  /** Of the step before, the share that reached this one (0–1); null for the first step. */
  conversion: z.number().nullable(),
});
export type FunnelStepFigure = z.output<typeof FunnelStepFigure>;

/** GET /api/staff/dashboard: the back office's overview of trade. */
export const DashboardView = z
  .object({
    range: z.object({ from: Day, to: Day }),
    today: SalesFigure.extend({ day: Day }),
    month: SalesFigure.extend({ from: Day, to: Day }),
    rangeTotals: SalesFigure,
    toDispatch: z.object({
      count: z.number().int(),
      oldest: z
        .object({ id: z.number().int(), number: z.string(), paidAt: z.string() })
        .nullable()
        .meta({ description: "The order waiting longest since it was paid." }),
    }),
    dailySales: z.array(DailySales).meta({ description: "Every day of the range, in order." }),
    topProducts: z.array(TopProduct),
    topBands: z.array(TopBand),
    lowStock: z.object({
      threshold: z.number().int(),
      total: z.number().int(),
      variants: z.array(LowStockVariant),
    }),
    funnel: z.array(FunnelStepFigure),
  })
  .meta({ id: "Dashboard" });
export type DashboardView = z.output<typeof DashboardView>;
