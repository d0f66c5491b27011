import { eq, inArray } from "drizzle-orm";
import { type Refusal, refuse } from "../../common/refusal.ts";
import { forgetSearchesFor } from "../analytics/index.ts";
import { scrubAuditOf } from "../audit/index.ts";
import { revokeEverythingOf } from "../auth/index.ts";
import { deleteContactMessagesOf } from "../content/index.ts";
import type { Db } from "../db/client.ts";
import { personalWords } from "../db/scrub.ts";
import { anonymiseRedemptionsOf } from "../discounts/index.ts";
import { forgetOutcomesOf } from "../idempotency/index.ts";
import { dropMailOf } from "../mail/index.ts";
import { anonymiseOrdersOf, personalWordsOfOrders } from "../orders/index.ts";
import { forgetRateLimitsOf } from "../platform/index.ts";
import { customerAddresses, users } from "./schema.ts";

/** The address an erased account is left with: unique, and no one's. */
export const erasedEmailOf = (id: number) => `erased-${id}@erased.invalid`;
export const ERASED_NAME = "Erased customer";

/**
 * Erasure on request under UK GDPR (issue 15), in the caller's transaction: every customer of
 * `ids` or none. Each account keeps its id and dates (its orders point at it) but loses its
 * email, name, password and consent; its saved addresses are deleted; every token stops at
 * once; its orders keep their money, lines and country with the personal data anonymised; its
 * code uses keep counting under the erased address; mail to it is dropped, its contact messages
 * deleted, and its email and name taken out of the timeline, the audit log, stored outcomes and
 * search terms. Staff accounts are refused (they are not customers), as is an account already
 * erased.
 */
export async function eraseCustomers(
  tx: Db,
  ids: number[],
  now = new Date(),
): Promise<Refusal | { ids: number[] }> {
  const rows = await tx.select().from(users).where(inArray(users.id, ids));
  for (const id of ids) {
    const user = rows.find((row) => row.id === id);
    if (!user) return refuse("not-found", "No such customer.");
    if (user.role !== "customer") {
      return refuse(
        "conflict",
        `${user.name} is a staff account, not a customer: deactivate it under Staff instead.`,
      );
    }
    if (user.erasedAt) return refuse("conflict", "This customer has already been erased.");
  }
  for (const user of rows) {
    const erasedEmail = erasedEmailOf(user.id);
    const saved = await tx
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.userId, user.id));
    const words = personalWords([
      user.email,
      user.name,
      ...saved.flatMap((address) => [
        address.fullName,
        address.line1,
        address.line2,
        address.city,
        address.county,
        address.postcode,
        address.phone,
      ]),
      ...(await personalWordsOfOrders(tx, user)),
    ]);
    // The email and name alone for the shop-wide records: a town's name is no one's there.
    const identity = personalWords([user.email, user.name]);
    await anonymiseOrdersOf(tx, { id: user.id, email: user.email, erasedEmail, words });
    await anonymiseRedemptionsOf(tx, { id: user.id, email: user.email, erasedEmail });
    await revokeEverythingOf(tx, user, now);
    await dropMailOf(tx, user.email);
    await deleteContactMessagesOf(tx, user.email);
    await forgetOutcomesOf(tx, user);
    await forgetRateLimitsOf(tx, user.email);
    await forgetSearchesFor(tx, identity);
    await scrubAuditOf(tx, identity);
    await tx.delete(customerAddresses).where(eq(customerAddresses.userId, user.id));
    await tx
      .update(users)
      .set({
        email: erasedEmail,
        name: ERASED_NAME,
        passwordHash: null,
        marketingConsent: false,
        erasedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
  }
  return { ids };
}
