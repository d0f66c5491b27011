import { getBrand } from "../../catalog/service/brands.ts";
import { createDiscounts } from "../../discounts/service.ts";
import type { Db } from "../client.ts";

// Fixed instants, so every fresh database gets the same codes. Staff think in Europe/London:
// midnight on 1 January 2026 there is 00:00 UTC (GMT); midnight on 1 June and 1 September 2025
// is 23:00 UTC the day before (BST).
const JAN_1_2026 = new Date("2026-01-01T00:00:00Z");
const JUN_1_2025 = new Date("2025-05-31T23:00:00Z");
const SEP_1_2025 = new Date("2025-08-31T23:00:00Z");

/**
 * The demo shop's codes: WELCOME10, FIVEOFF, GULLS15 (Static Gulls only) and the expired
 * SUMMER25. Codes already present are left alone, so a second run adds nothing.
 */
export async function seedDemoDiscounts(db: Db): Promise<void> {
  await createDiscounts(db, [
    {
      code: "WELCOME10",
      description: "10% off everything",
      unitType: "percentage",
      value: 10,
      startsAt: JAN_1_2026,
    },
    {
      code: "FIVEOFF",
      description: "£5 off orders of £30 or more",
      unitType: "fixed",
      value: 500,
      minSubtotal: 3000,
      startsAt: JAN_1_2026,
    },
    {
      code: "SUMMER25",
      description: "25% off everything in the summer sale",
      unitType: "percentage",
      value: 25,
      startsAt: JUN_1_2025,
      endsAt: SEP_1_2025,
    },
  ]);
  // GULLS15 needs the demo band; a catalogue seeded some other way may not have it.
  const gulls = await getBrand(db, "static-gulls");
  if (!gulls) return;
  await createDiscounts(db, [
    {
      code: "GULLS15",
      description: "15% off Static Gulls merchandise",
      unitType: "percentage",
      value: 15,
      startsAt: JAN_1_2026,
      targets: { brandIds: [gulls.id] },
    },
  ]);
}
