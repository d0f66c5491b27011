import { and, type SQL, sql } from "drizzle-orm";
import { type Refusal, refuse } from "../../common/refusal.ts";
import type { SegmentRule } from "../../common/segments.ts";
import { type BandForRules, bandsForRules } from "../catalog/index.ts";
import {
  customerIdSql,
  isRegisteredCustomer,
  marketingConsentIs,
  signedUpAfter,
} from "../customers/index.ts";
import type { Db } from "../db/client.ts";
import { boughtFromBand, orderedWithin, spentOver } from "../orders/index.ts";

// Who is in a segment: one SQL condition on the customers' rows, made from every rule (all must
// hold), so a count or a list of members is one query however many customers there are.

function ruleCondition(rule: SegmentRule, bands: Map<number, BandForRules>): SQL {
  switch (rule.type) {
    case "bought-from-band": {
      const band = bands.get(rule.brandId);
      // A band deleted since the rule was written: nobody can be matched to it any more.
      return band ? boughtFromBand(customerIdSql, band) : sql`false`;
    }
    case "spent-over":
      return spentOver(customerIdSql, rule.amount);
    case "ordered-within":
      return orderedWithin(customerIdSql, rule.days);
    case "signed-up-after":
      return signedUpAfter(rule.date);
    case "marketing-consent":
      return marketingConsentIs(rule.consent);
  }
}

const bandIdsOf = (rules: SegmentRule[]) =>
  rules.flatMap((rule) => (rule.type === "bought-from-band" ? [rule.brandId] : []));

/** The members' condition of each rule set: registered customers, not erased, every rule holding. */
export async function membersWhere(db: Db, ruleSets: SegmentRule[][]): Promise<SQL[]> {
  const bands = await bandsForRules(db, [...new Set(ruleSets.flatMap(bandIdsOf))]);
  return ruleSets.map(
    (rules) => and(isRegisteredCustomer, ...rules.map((rule) => ruleCondition(rule, bands))) as SQL,
  );
}

/**
 * The members' condition of rules staff are writing: a rule naming a band that does not exist is
 * refused on its field (`rules.2.brandId`).
 */
export async function checkedMembersWhere(db: Db, rules: SegmentRule[]): Promise<SQL | Refusal> {
  const bands = await bandsForRules(db, bandIdsOf(rules));
  const missing = rules.findIndex(
    (rule) => rule.type === "bought-from-band" && !bands.has(rule.brandId),
  );
  if (missing >= 0)
    return refuse("invalid", "Choose a band from the list.", `rules.${missing}.brandId`);
  const [where] = await membersWhere(db, [rules]);
  return where as SQL;
}
