import { and, asc, eq } from "drizzle-orm";
import { countryInSentence } from "../../common/countries.ts";
import type { DeliveryOption, DeliveryOptionGroup, FreeUkDelivery } from "../../common/delivery.ts";
import { isBfpo, normaliseUkPostcode, UK_POSTCODE_COUNTRIES } from "../../common/postcode.ts";
import { type Refusal, refuse } from "../../common/refusal.ts";
import { resolveBasket } from "../basket/index.ts";
import type { BasketLineRequest } from "../basket/validators.ts";
import type { Db } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { deliveryOptionGroupCountries, deliveryOptionGroups, deliveryOptions } from "./schema.ts";

type OptionRow = typeof deliveryOptions.$inferSelect;

/** Where an order goes: its country (ISO 3166-1 alpha-2) and, when known, its postcode. */
export type Destination = { country: string; postcode?: string };

/** The group serving a destination, with the active options that can reach it. */
type ServingGroup = { id: number; title: string; options: OptionRow[] };

/**
 * The group that serves `destination` and its active options in the shop's order, or why there
 * is none: a country no group serves (or whose group has no active option), a UK-style postcode
 * that is not one, a BFPO number where no option goes to BFPO. Postcodes of other countries are
 * not checked: their formats are many and the carrier reads them.
 */
async function servingGroup(db: Db, destination: Destination): Promise<ServingGroup | Refusal> {
  const { country } = destination;
  const typed = UK_POSTCODE_COUNTRIES.has(country) ? destination.postcode || undefined : undefined;
  const postcode = typed === undefined ? undefined : normaliseUkPostcode(typed);
  if (typed !== undefined && postcode === undefined) {
    return refuse("invalid", "Enter a real UK postcode, like SW1A 1AA.", "postcode");
  }

  const rows = await db
    .select({ groupTitle: deliveryOptionGroups.title, option: deliveryOptions })
    .from(deliveryOptionGroupCountries)
    .innerJoin(
      deliveryOptionGroups,
      eq(deliveryOptionGroups.id, deliveryOptionGroupCountries.groupId),
    )
    .innerJoin(
      deliveryOptions,
      and(eq(deliveryOptions.groupId, deliveryOptionGroups.id), eq(deliveryOptions.active, true)),
    )
    .where(eq(deliveryOptionGroupCountries.country, country))
    .orderBy(asc(deliveryOptions.position), asc(deliveryOptions.id));
  const [first] = rows;
  if (!first) {
    return refuse("invalid", `We don't deliver to ${countryInSentence(country)} yet.`, "country");
  }

  const bfpo = postcode !== undefined && isBfpo(postcode);
  const options = rows.map((row) => row.option).filter((option) => !bfpo || option.servesBfpo);
  if (options.length === 0) {
    return refuse("invalid", "We can't deliver to BFPO addresses yet.", "postcode");
  }
  return { id: first.option.groupId, title: first.groupTitle, options };
}

/**
 * An option as the shopper is charged for it: free once the goods subtotal reaches its
 * `freeOver` (£50.00 exactly is free when the threshold is £50.00), its price otherwise.
 */
function chargedOption(option: OptionRow, goodsSubtotal: number): DeliveryOption {
  const free = option.freeOver !== null && goodsSubtotal >= option.freeOver;
  return {
    id: option.id,
    title: option.title,
    carrier: option.carrier,
    price: free ? 0 : option.price,
    freeOver: option.freeOver,
    estimatedDays: { min: option.estimatedDaysMin, max: option.estimatedDaysMax },
  };
}

/**
 * The delivery options for this destination, each priced for these lines, or a refusal on
 * `country` (not served) or `postcode` (not a UK postcode where one is needed). Reads only.
 *
 * The free-delivery threshold is measured on the goods subtotal as `resolveBasket` prices it:
 * VAT included and before any discount code. A shopper then sees one threshold whatever code
 * they try, and the options do not change price when a code is added or removed; the checkout
 * passes the same subtotal to `deliveryOptionFor`. No lines (or none still on sale) price the
 * options as for an empty basket, at their full prices, so a page can show what delivery costs.
 */
export async function determineDeliveryGroup(
  db: Db,
  input: Destination & { lines: BasketLineRequest[] },
): Promise<DeliveryOptionGroup | Refusal> {
  const group = await servingGroup(db, input);
  if ("refused" in group) return group;
  const basket = await resolveBasket(db, input.lines);
  return {
    id: group.id,
    title: group.title,
    options: group.options.map((option) => chargedOption(option, basket.subtotal)),
  };
}

/**
 * The one option the shopper chose, charged for `goodsSubtotal` (pass the basket's subtotal
 * before discount, as `determineDeliveryGroup` does), after checking that it is active and
 * reaches this destination; a refusal on `country` or `postcode` as `determineDeliveryGroup`
 * gives, or on `deliveryOptionId` for an option of another group, inactive or unknown. Reads
 * only.
 */
export async function deliveryOptionFor(
  db: Db,
  input: Destination & { optionId: number; goodsSubtotal: number },
): Promise<DeliveryOption | Refusal> {
  const group = await servingGroup(db, input);
  if ("refused" in group) return group;
  const option = group.options.find((candidate) => candidate.id === input.optionId);
  if (!option) {
    return refuse(
      "invalid",
      "Choose one of the delivery options for this address.",
      "deliveryOptionId",
    );
  }
  return chargedOption(option, input.goodsSubtotal);
}

/**
 * Issue 29: the cheapest way to free delivery to the UK (GB), from the active options' own
 * thresholds, for a goods subtotal measured as `determineDeliveryGroup` measures it (VAT
 * included, before any discount code). Null when no UK option is ever free. Reads only.
 */
export async function freeUkDelivery(
  db: Db,
  goodsSubtotal: number,
): Promise<FreeUkDelivery | null> {
  const group = await servingGroup(db, { country: "GB" });
  if ("refused" in group) return null;
  const thresholds = group.options
    .map((option) => option.freeOver)
    .filter((freeOver): freeOver is number => freeOver !== null);
  if (thresholds.length === 0) return null;
  const freeOver = Math.min(...thresholds);
  return { freeOver, remaining: Math.max(0, freeOver - goodsSubtotal) };
}

/** An option as written: the group and the timestamps are the service's to fill. */
export type NewDeliveryOption = Omit<
  typeof deliveryOptions.$inferInsert,
  "id" | "groupId" | "createdAt" | "updatedAt"
>;

/** A group as written, with the countries it serves and its options in the order given. */
export type NewDeliveryGroup = {
  title: string;
  position?: number;
  countries: string[];
  options: NewDeliveryOption[];
};

/**
 * Adds delivery option groups with their countries and options, all or none. A country already
 * served by a group fails the write (the country is the key), so no country ever has two.
 */
export async function createDeliveryGroups(db: Db, groups: NewDeliveryGroup[]): Promise<void> {
  await inTransaction(db, async (tx) => {
    for (const group of groups) await createDeliveryGroup(tx, group);
  });
}

async function createDeliveryGroup(db: Db, input: NewDeliveryGroup): Promise<void> {
  const { countries, options, ...values } = input;
  const [group] = await db
    .insert(deliveryOptionGroups)
    .values(values)
    .returning({ id: deliveryOptionGroups.id });
  if (!group) throw new Error(`Delivery group ${values.title} was not created`);
  if (countries.length) {
    await db
      .insert(deliveryOptionGroupCountries)
      .values(countries.map((country) => ({ country, groupId: group.id })));
  }
  if (options.length) {
    await db
      .insert(deliveryOptions)
      .values(options.map((option, position) => ({ position, ...option, groupId: group.id })));
  }
}
