import { z } from "zod";
import {
  CustomerDataExport,
  StaffCustomerDetail,
  StaffCustomerItem,
} from "../../common/customers-admin.ts";
import { londonDay } from "../../common/london-days.ts";
import { pageOf } from "../../common/pagination.ts";
import { isRefusal, refuse } from "../../common/refusal.ts";
import { defineCommand } from "../http/command.ts";
import { ApiError } from "../http/errors.ts";
import { PathId } from "../http/query-schemas.ts";
import { DestroyInput, idsToDestroy } from "../http/resource.ts";
import { defineRoute, type RouteGroup } from "../http/route-table.ts";
import { eraseCustomers } from "./erasure.ts";
import { exportCustomerData } from "./export.ts";
import { customerCsvStream, customerDetail, listCustomers } from "./staff-customers.ts";
import { CustomerCsvQuery, StaffCustomerListQuery } from "./validators.ts";

const tag = "customers";

/** Today's date in London, for a file's name: `2026-05-04`. */
const londonDate = () => londonDay(new Date());

const noSuchCustomer = () => refuse("not-found", "No such customer.");

export const customerListRoute = defineRoute({
  method: "get",
  path: "/customers",
  tag,
  summary: "The customer list: paginated, searched, filtered and sorted",
  description:
    "Search by name or email; filter by `kind` (registered or guest), `consent` (marketing), " +
    "`segment` (its id); sort by name, joined, orders or spend (lifetime paid less refunds). " +
    "Erased customers are left out unless `erased=true`. Staff accounts are not customers.",
  query: StaffCustomerListQuery,
  answers: { page: pageOf(StaffCustomerItem) },
  call: ({ db }, { query }) => listCustomers(db, query),
});

export const customerRoute = defineRoute({
  method: "get",
  path: "/customers/edit/{id}",
  tag,
  summary: "One customer: details, addresses, orders, lifetime spend, segments",
  params: z.strictObject({ id: PathId }),
  answers: { data: StaffCustomerDetail },
  refusals: ["not-found"],
  call: async ({ db }, { params }) => (await customerDetail(db, params.id)) ?? noSuchCustomer(),
});

export const destroyCustomersRoute = defineCommand({
  method: "post",
  path: "/customers/destroy",
  tag,
  summary: "Erase one customer or several on request under UK GDPR (admins only)",
  description:
    "All or none, in one transaction: the account's email becomes " +
    "`erased-{id}@erased.invalid`, its name `Erased customer`, its password and marketing " +
    "consent go; saved addresses are deleted and every token is revoked at once; orders " +
    "stay for the accounts (money, lines, country) with their email, names, address lines " +
    "and phone anonymised; code uses keep counting; queued mail to them is dropped, contact " +
    "messages deleted. A staff account, or one already erased, is a 409. The audit entry " +
    "says `erased`, without the personal data. Cannot be undone.",
  access: "admin",
  body: DestroyInput,
  answers: { data: z.object({ ids: z.array(z.number().int()) }) },
  refusals: ["not-found", "conflict"],
  async run({ db: tx, audit }, { body }) {
    const ids = idsToDestroy(body);
    const erased = await eraseCustomers(tx, ids);
    if (isRefusal(erased)) return erased;
    await audit.record(
      tx,
      ids.map((id) => ({
        action: "delete" as const,
        resource: "customers",
        resourceId: id,
        label: `Erased customer #${id}`,
        after: { erased: true },
      })),
    );
    return erased;
  },
});

/** Issue 15: customers as staff see them, their erasure (UK GDPR) and their data export. */
export const customersRoutes: RouteGroup[] = [
  {
    area: "staff",
    routes: [
      customerListRoute,
      defineRoute({
        method: "get",
        path: "/customers/export.csv",
        tag,
        summary: "The customer list as CSV, with the list's filters and sort",
        description:
          "Columns: id, name, email, kind, marketing_consent (yes/no), orders, lifetime_spend " +
          "(pounds, 25.00), joined (ISO 8601 UTC). UTF-8 with a byte-order mark; formulas guarded.",
        query: CustomerCsvQuery,
        answers: { file: ["text/csv"], description: "The CSV file, as an attachment." },
        handle(c, { query }) {
          return new Response(customerCsvStream(c.get("db"), query), {
            headers: {
              "Content-Type": "text/csv; charset=utf-8",
              "Content-Disposition": `attachment; filename="encore-customers-${londonDate()}.csv"`,
              "Cache-Control": "no-store",
            },
          });
        },
      }),
      customerRoute,
      defineRoute({
        method: "get",
        path: "/customers/export/{id}",
        tag,
        summary: "Everything held about a customer, as a JSON download (UK GDPR right of access)",
        params: z.strictObject({ id: PathId }),
        answers: {
          file: ["application/json"],
          description: "A `CustomerDataExport`, as an attachment.",
        },
        refusals: ["not-found"],
        async handle(c, { params }) {
          const data = await exportCustomerData(c.get("db"), params.id);
          if (!data) throw new ApiError(404, "No such customer.");
          return new Response(JSON.stringify(CustomerDataExport.parse(data), null, 2), {
            headers: {
              "Content-Type": "application/json; charset=utf-8",
              "Content-Disposition": `attachment; filename="encore-customer-${params.id}-${londonDate()}.json"`,
              "Cache-Control": "no-store",
            },
          });
        },
      }),
      destroyCustomersRoute,
    ],
  },
];
