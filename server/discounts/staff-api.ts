import { z } from "zod";
import {
  DiscountBatchView,
  DiscountEdit,
  StaffDiscountItem,
} from "../../common/discounts-admin.ts";
import { refuse } from "../../common/refusal.ts";
import { defineCommand } from "../http/command.ts";
import { notFound } from "../http/errors.ts";
import { PathId } from "../http/query-schemas.ts";
import { auditFields, resourceRoutes } from "../http/resource.ts";
import { type AnyRoute, defineRoute } from "../http/route-table.ts";
import { discountEdit, discountService, endDiscount } from "./admin.ts";
import { batchCodesCsv, batchView, generateBatch } from "./batches.ts";
import {
  DiscountCreateInput,
  DiscountEndInput,
  DiscountGenerateInput,
  DiscountUpdateFields,
  StaffDiscountListQuery,
} from "./validators.ts";

const tag = "discounts";
/** The staff API's (and the audit log's) name for discount codes. */
export const DISCOUNTS = "discounts";

export const discountRoutes = resourceRoutes({
  name: DISCOUNTS,
  tag,
  noun: "discount",
  query: StaffDiscountListQuery,
  item: StaffDiscountItem,
  edit: DiscountEdit,
  create: DiscountCreateInput,
  update: DiscountUpdateFields,
  label: (discount: DiscountEdit) => discount.code,
  service: discountService,
});

export const endDiscountRoute = defineCommand({
  method: "post",
  path: "/discounts/end",
  tag,
  summary: "End a live code now: nobody can use it from this instant; its history stays",
  description:
    "Sets `endsAt` to now. A code that has ended, or has not started, is a 409. A used code " +
    "cannot be deleted: this is how staff retire it.",
  body: DiscountEndInput,
  answers: { data: DiscountEdit },
  refusals: ["not-found", "conflict"],
  async run({ db: tx, audit }, { body }) {
    const before = await discountEdit(tx, body.id);
    if (!before) return refuse("not-found", "No such discount.");
    const refused = await endDiscount(tx, body.id);
    if (refused) return refused;
    const after = (await discountEdit(tx, body.id)) as DiscountEdit;
    await audit.record(tx, {
      action: "update",
      resource: DISCOUNTS,
      resourceId: after.id,
      label: after.code,
      before: auditFields(before),
      after: auditFields(after),
    });
    return after;
  },
});

export const generateDiscountsRoute = defineCommand({
  method: "post",
  path: "/discounts/generate",
  tag,
  summary: "Generate a batch of unique single-use codes, e.g. for a band's mailing list",
  description:
    "Makes `count` (1–10,000) codes `PREFIX-XXXX-XXXX` from a CSPRNG over an alphabet " +
    "without 0, O, 1 or I, each usable once and once per customer, with the `rules` given " +
    "or those of the discount `copyFrom`. One audit entry for the batch. The list shows the " +
    "batch as one row; its codes are exported by `GET /discounts/batches/{id}/codes.csv`.",
  body: DiscountGenerateInput,
  answers: { data: DiscountBatchView, status: 201 },
  refusals: ["invalid"],
  run: ({ db: tx, audit }, { body }) => generateBatch(tx, body, audit),
});

export const discountBatchRoute = defineRoute({
  method: "get",
  path: "/discounts/batches/{id}",
  tag,
  summary: "A batch of generated codes: its rules, how many were used, a few of its codes",
  params: z.strictObject({ id: PathId }),
  answers: { data: DiscountBatchView },
  refusals: ["not-found"],
  call: async ({ db }, { params }) =>
    (await batchView(db, params.id)) ?? refuse("not-found", "No such batch."),
});

/** Issue 15: discount codes for staff: the resource, ending a code, and generated batches. */
export const discountStaffRoutes: AnyRoute[] = [
  ...Object.values(discountRoutes),
  endDiscountRoute,
  generateDiscountsRoute,
  discountBatchRoute,
  defineRoute({
    method: "get",
    path: "/discounts/batches/{id}/codes.csv",
    tag,
    summary: "A batch's codes as CSV: code, used (yes/no), used at (London time)",
    params: z.strictObject({ id: PathId }),
    answers: { file: ["text/csv"], description: "The CSV file, as an attachment." },
    async handle(c, { params }) {
      const csv = await batchCodesCsv(c.get("db"), params.id);
      if (csv === undefined) throw notFound("No such batch.");
      return new Response(csv, {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="encore-discount-batch-${params.id}.csv"`,
          "Cache-Control": "no-store",
        },
      });
    },
  }),
];
