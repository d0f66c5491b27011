import { z } from "zod";
import { SegmentRule } from "./segments.ts";

// Issue 15: segments as staff manage them, shared with the screens.

const Id = z.number().int();

/** GET /api/staff/segments: one row, with how many customers are in it now. */
export const StaffSegmentItem = z
  .object({
    id: Id,
    title: z.string(),
    description: z.string(),
    ruleCount: z.number().int(),
    memberCount: z.number().int(),
    updatedAt: z.string().meta({ description: "ISO 8601 UTC." }),
  })
  .meta({ id: "StaffSegmentItem" });
export type StaffSegmentItem = z.output<typeof StaffSegmentItem>;

/** GET /api/staff/segments/edit/{id}, and what store and update answer. */
export const SegmentEdit = z
  .object({
    id: Id,
    title: z.string(),
    description: z.string(),
    rules: z.array(SegmentRule),
    memberCount: z.number().int(),
    updatedAt: z.string().meta({
      description: "ISO 8601 UTC; send it back with an update to catch a colleague's save.",
    }),
  })
  .meta({ id: "SegmentEdit" });
export type SegmentEdit = z.output<typeof SegmentEdit>;

/** POST /api/staff/segments/preview: the live member count of rules being edited. */
export const SegmentPreview = z
  .object({
    count: z.number().int(),
    sample: z.array(z.object({ id: Id, name: z.string(), email: z.string() })),
  })
  .meta({ id: "SegmentPreview" });
export type SegmentPreview = z.output<typeof SegmentPreview>;
