import { z } from "zod";
import { COUNTRY_CODES } from "../../common/countries.ts";
import { BasketLinesInput } from "../basket/validators.ts";
import { bothWays } from "../db/staff-lists.ts";
import { Flag, MAX_ID, Pagination } from "../http/query-schemas.ts";
import { isUnsafeText, UNSAFE_TEXT } from "../http/text-input.ts";

/** A country by its ISO 3166-1 alpha-2 code, exactly as `common/countries.ts` lists it. */
export const CountryCodeInput = z
  .enum(COUNTRY_CODES as [string, ...string[]], { error: "Choose a country from the list." })
  .meta({ description: "ISO 3166-1 alpha-2, upper case: GB, IE, US …", example: "GB" });

/**
 * POST /api/delivery/option-groups/determined-delivery-option-group: where the order goes and
 * what is in it (ids and quantities only: the server prices everything).
 */
export const PublicDeliveryGroupInput = z.strictObject({
  country: CountryCodeInput,
  postcode: z
    .string({ error: "Enter a postcode." })
    .trim()
    .max(16, "A postcode is at most 16 characters.")
    .optional()
    .meta({ description: "Checked for UK addresses; an empty one counts as not given." }),
  lines: BasketLinesInput,
});

export type PublicDeliveryGroup = z.output<typeof PublicDeliveryGroupInput>;

// ---------------------------------------------------------------------------------------------
// Issue 15: the staff side of delivery (decision 0014). No defaults: an update changes only what
// it sends; the service fills a new record's and checks what spans fields and tables.

const Id = z
  .number({ error: "Must be an id." })
  .int("Must be an id.")
  .min(1)
  .max(MAX_ID, "No such id.");
const Position = z
  .number({ error: "Must be a whole number." })
  .int("Must be a whole number.")
  .min(0, "Must be 0 or more.")
  .max(100_000, "At most 100,000.");
const Title = (what: string, max: number) =>
  z
    .string({ error: `Enter the ${what}.` })
    .trim()
    .min(1, `Enter the ${what}.`)
    .max(max, `At most ${max} characters.`);
const Money = z
  .number({ error: "Enter an amount in pence." })
  .int("Enter whole pence.")
  .max(100_000_000, "At most £1,000,000.");
const Days = z
  .number({ error: "Enter a number of working days." })
  .int("Enter whole working days.")
  .min(0, "Must be 0 or more.")
  .max(365, "At most 365 days.");
const Search = z
  .string()
  .trim()
  .max(100, "Search for 100 characters or fewer.")
  .refine((text) => !isUnsafeText(text), UNSAFE_TEXT)
  .optional();

const groupFields = {
  title: Title("group's name", 80),
  position: Position,
  countries: z
    .array(CountryCodeInput)
    .max(300, "At most 300 countries.")
    .refine((codes) => new Set(codes).size === codes.length, "Name each country once."),
  /** Staff confirmed moving countries that another group serves into this one. */
  moveCountries: z.boolean(),
};

/** POST /api/staff/delivery-option-groups/store. */
export const DeliveryGroupCreateInput = z.strictObject({
  title: groupFields.title,
  position: groupFields.position.optional(),
  countries: groupFields.countries.optional(),
  moveCountries: groupFields.moveCountries.optional(),
});
export type DeliveryGroupCreateInput = z.output<typeof DeliveryGroupCreateInput>;
export const DeliveryGroupUpdateFields = z.strictObject(groupFields);
export type DeliveryGroupUpdateInput = Partial<DeliveryGroupCreateInput> & { id: number };

const GROUP_SORTS = bothWays(["position", "title", "updated"] as const) as [string, ...string[]];
/** GET /api/staff/delivery-option-groups. */
export const StaffDeliveryGroupListQuery = z.strictObject({
  ...Pagination,
  q: Search,
  sort: z
    .enum(GROUP_SORTS, { error: `Sort by one of: ${GROUP_SORTS.join(", ")}.` })
    .default("position"),
});
export type StaffDeliveryGroupListQuery = z.output<typeof StaffDeliveryGroupListQuery> & {
  sort: "position" | "-position" | "title" | "-title" | "updated" | "-updated";
};

const optionFields = {
  groupId: Id,
  title: Title("option's name", 80),
  carrier: Title("carrier", 60),
  price: Money.min(0, "A price cannot be below zero."),
  freeOver: Money.min(1, "Free over must be more than £0.00, or empty for never free.").nullable(),
  estimatedDaysMin: Days,
  estimatedDaysMax: Days,
  servesBfpo: z.boolean(),
  position: Position,
  active: z.boolean(),
};

/** POST /api/staff/delivery-options/store. */
export const DeliveryOptionCreateInput = z.strictObject({
  groupId: optionFields.groupId,
  title: optionFields.title,
  carrier: optionFields.carrier,
  price: optionFields.price,
  freeOver: optionFields.freeOver.optional(),
  estimatedDaysMin: optionFields.estimatedDaysMin,
  estimatedDaysMax: optionFields.estimatedDaysMax,
  servesBfpo: optionFields.servesBfpo.optional(),
  position: optionFields.position.optional(),
  active: optionFields.active.optional(),
});
export type DeliveryOptionCreateInput = z.output<typeof DeliveryOptionCreateInput>;
export const DeliveryOptionUpdateFields = z.strictObject(optionFields);
export type DeliveryOptionUpdateInput = Partial<DeliveryOptionCreateInput> & { id: number };

const OPTION_SORTS = bothWays(["position", "title", "price", "updated"] as const) as [
  string,
  ...string[],
];
/** GET /api/staff/delivery-options: every group's, or one group's. */
export const StaffDeliveryOptionListQuery = z.strictObject({
  ...Pagination,
  q: Search,
  group: z.coerce.number().int().min(1).max(MAX_ID, "No such group.").optional(),
  active: Flag.optional(),
  sort: z
    .enum(OPTION_SORTS, { error: `Sort by one of: ${OPTION_SORTS.join(", ")}.` })
    .default("position"),
});
export type StaffDeliveryOptionListQuery = z.output<typeof StaffDeliveryOptionListQuery> & {
  sort: "position" | "-position" | "title" | "-title" | "price" | "-price" | "updated" | "-updated";
};
