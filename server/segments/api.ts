import { SegmentEdit, SegmentPreview, StaffSegmentItem } from "../../common/segments-admin.ts";
import { resourceRoutes } from "../http/resource.ts";
import { defineRoute, type RouteGroup } from "../http/route-table.ts";
import { previewSegment, segmentService } from "./service.ts";
import {
  SegmentCreateInput,
  SegmentPreviewInput,
  SegmentUpdateFields,
  StaffSegmentListQuery,
} from "./validators.ts";

const tag = "segments";

export const previewSegmentRoute = defineRoute({
  method: "post",
  path: "/segments/preview",
  tag,
  summary: "How many customers rules being edited hold now, and a few of them",
  description:
    "The rule builder's live count: every rule must hold; guests and erased customers are " +
    "never members. Writes nothing. A rule naming a band that does not exist is a 422 on " +
    "`rules.{n}.brandId`.",
  body: SegmentPreviewInput,
  answers: { data: SegmentPreview },
  refusals: ["invalid"],
  readOnly: true,
  call: ({ db }, { body }) => previewSegment(db, body.rules),
});

export const segmentRoutes = resourceRoutes({
  name: "segments",
  tag,
  noun: "segment",
  query: StaffSegmentListQuery,
  item: StaffSegmentItem,
  edit: SegmentEdit,
  create: SegmentCreateInput,
  update: SegmentUpdateFields,
  label: (segment: SegmentEdit) => segment.title,
  service: segmentService,
});

/** Issue 15: segments, the rule-based customer groups discounts can be limited to. */
export const segmentsRoutes: RouteGroup[] = [
  {
    area: "staff",
    routes: [previewSegmentRoute, ...Object.values(segmentRoutes)],
  },
];
