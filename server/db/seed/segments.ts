import type { SegmentRule } from "../../../common/segments.ts";
import { getBrand } from "../../catalog/service/brands.ts";
import { segments } from "../../segments/schema.ts";
import type { Db } from "../client.ts";

/**
 * Two demo segments (issue 15): the customers who said yes to marketing email, and the Static
 * Gulls fans who did and spent over £50 (when the demo band is there).
 */
export async function seedDemoSegments(db: Db): Promise<void> {
  const consent: SegmentRule = { type: "marketing-consent", consent: true };
  await db.insert(segments).values({
    title: "Marketing list",
    description: "Customers who said yes to marketing email.",
    rules: [consent],
  });
  const gulls = await getBrand(db, "static-gulls");
  if (!gulls) return;
  await db.insert(segments).values({
    title: "Static Gulls superfans",
    description: "Bought Static Gulls merchandise and spent over £50 in all.",
    rules: [
      { type: "bought-from-band", brandId: gulls.id },
      { type: "spent-over", amount: 5000 },
    ],
  });
}
