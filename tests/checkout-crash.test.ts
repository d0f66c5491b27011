import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { ChargeResult } from "../common/checkout.ts";
import type { DeliveryOptionGroup } from "../common/delivery.ts";
import { mailOutbox } from "../server/mail/schema.ts";
import { orders } from "../server/orders/schema.ts";
import { completeTestAuthentication } from "../server/payments/service.ts";
import { createTestDatabase, databaseKinds, type TestDatabase } from "./support/databases.ts";
import { exitOf, start } from "./support/processes.ts";

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

// security.md #12, issue 13: a process killed between charging and placing loses nothing. The shop
// runs as `npm start` runs it, on a database other processes share; it is killed with SIGKILL
// while the shopper's bank is still deciding, the bank approves while no shop process runs, and
// the next process's reconciler settles the order from the provider's state at start.
describe.each(databaseKinds.filter((kind) => kind === "postgres"))(
  "a shop process killed mid-checkout, on %s",
  (kind) => {
    let database: TestDatabase;
    afterAll(() => database?.drop());

    it("is settled by the next process's reconciler: paid once, stock sold, one confirmation", async () => {
      database = await createTestDatabase(kind);
      const env = {
        DATABASE_URL: database.url ?? "",
        DEMO_DATA: "false",
        DATA_DIR: mkdtempSync(join(tmpdir(), "encore-crash-")),
      };
      const first = await start(env);
      const listing = (await (await fetch(`${first.url}/api/products?inStock=true`)).json()) as {
        data: Array<{ slug: string }>;
      };
      const product = (await (
        await fetch(`${first.url}/api/products/${listing.data[0]?.slug}`)
      ).json()) as { data: { variants: Array<{ id: number; stockOnHand?: number }> } };
      const variantId = product.data.variants[0]?.id;
      const group = (await (
        await post(`${first.url}/api/delivery/option-groups/determined-delivery-option-group`, {
          country: "GB",
          lines: [],
        })
      ).json()) as { data: DeliveryOptionGroup };
      const email = "crash.test@example.com";
      const charged = await post(
        `${first.url}/api/checkout/charge`,
        {
          lines: [{ id: variantId, quantity: 1 }],
          email,
          shippingAddress: {
            fullName: "Kim Crash",
            line1: "1 High Street",
            city: "Leeds",
            postcode: "LS1 4AP",
            country: "GB",
          },
          deliveryOptionId: group.data.options[0]?.id,
          payment: { provider: "test", outcome: "authenticate" },
        },
        { "Idempotency-Key": crypto.randomUUID() },
      );
      expect(charged.status).toBe(200);
      const { data: order } = (await charged.json()) as { data: ChargeResult };
      expect(order.status).toBe("requires_action");

      first.child.kill("SIGKILL");
      expect(await exitOf(first.child)).toBeNull();

      const row = async () =>
        (await database.db.select().from(orders).where(eq(orders.id, order.orderId)))[0];
      const pending = await row();
      expect(pending).toMatchObject({ status: "pending_payment", stockState: "reserved" });
      // The bank approves while no shop process runs: only the provider knows.
      await completeTestAuthentication(
        database.db,
        pending?.paymentReference ?? "",
        order.clientSecret ?? "",
        true,
      );
      expect((await row())?.status).toBe("pending_payment");

      const second = await start(env);
      for (let attempt = 0; attempt < 100 && (await row())?.status !== "paid"; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await row()).toMatchObject({ status: "paid", stockState: "sold" });
      const confirmations = await database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, "order-confirmation")));
      expect(confirmations).toHaveLength(1);
      second.child.kill("SIGTERM");
      expect(await exitOf(second.child)).toBe(0);
    });
  },
);
