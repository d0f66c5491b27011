import { z } from "zod";
import { CUSTOMER_KINDS, CUSTOMER_SORTS } from "../../common/customers-admin.ts";
import { ListSearch, sortParam } from "../http/list-query.ts";
import { Flag, MAX_ID, Pagination } from "../http/query-schemas.ts";

/** The customer list's filters, shared by the table and its CSV export. */
export const CustomerFilters = {
  q: ListSearch,
  kind: z.enum(CUSTOMER_KINDS, { error: "Show registered or guest." }).optional(),
  consent: Flag.optional(),
  segment: z.coerce
    .number({ error: "Must be a segment's id." })
    .int("Must be a segment's id.")
    .min(1, "Must be a segment's id.")
    .max(MAX_ID, "No such segment.")
    .optional(),
  /** Erased customers are left out unless asked for. */
  erased: Flag.optional(),
  sort: sortParam(CUSTOMER_SORTS, "-joined"),
};

/** GET /api/staff/customers. */
export const StaffCustomerListQuery = z.strictObject({ ...Pagination, ...CustomerFilters });
export type StaffCustomerListQuery = z.output<typeof StaffCustomerListQuery>;

/** GET /api/staff/customers/export.csv: the list's filters, every page. */
export const CustomerCsvQuery = z.strictObject(CustomerFilters);
export type CustomerCsvQuery = z.output<typeof CustomerCsvQuery>;
