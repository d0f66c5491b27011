import { z } from "zod";
import { SegmentRule } from "../../common/segments.ts";
import { ListSearch, sortParam } from "../http/list-query.ts";
import { Pagination } from "../http/query-schemas.ts";

export const StaffSegmentListQuery = z.strictObject({
  ...Pagination,
  q: ListSearch,
  sort: sortParam(["title", "updated"], "title"),
});
export type StaffSegmentListQuery = z.output<typeof StaffSegmentListQuery>;

/** A segment's rules: at least one (a segment of everyone is not a segment), at most 20. */
export const SegmentRules = z
  .array(SegmentRule, { error: "Add the segment's rules." })
  .min(1, "Add at least one rule.")
  .max(20, "At most 20 rules.");

const segmentFields = {
  title: z
    .string({ error: "Enter the segment's name." })
    .trim()
    .min(1, "Enter the segment's name.")
    .max(80, "At most 80 characters."),
  description: z.string().trim().max(500, "At most 500 characters."),
  rules: SegmentRules,
};

export const SegmentCreateInput = z.strictObject({
  ...segmentFields,
  description: segmentFields.description.default(""),
});
export type SegmentCreateInput = z.output<typeof SegmentCreateInput>;

export const SegmentUpdateFields = z.strictObject(segmentFields);
export type SegmentUpdateInput = Partial<z.output<typeof SegmentUpdateFields>>;

/** POST /api/staff/segments/preview. */
export const SegmentPreviewInput = z.strictObject({ rules: SegmentRules });
