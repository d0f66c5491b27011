import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { ruleCount, SegmentFields } from "../../../components/admin/segment-fields";
import {
  bandOptions,
  newSegmentValues,
  type RuleBuilderData,
  ruleBuilderAction,
  segmentScreens,
} from "../../../lib/admin-segments.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/new";

export const meta = screenMeta("New segment", { noindex: true });
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export async function loader({ context }: Route.LoaderArgs) {
  return { values: newSegmentValues(), bands: await bandOptions(context) };
}

export async function action(args: Route.ActionArgs) {
  return (await ruleBuilderAction(args)) ?? segmentScreens.create(args);
}

export default function NewSegment({ loaderData, actionData }: Route.ComponentProps) {
  const counted = actionData as RuleBuilderData | undefined;
  return (
    <>
      <ScreenHeader title="New segment" back={{ to: "/admin/segments", label: "Segments" }} />
      <ResourceForm
        label="Segment details"
        values={loaderData.values}
        result={actionData}
        listPath="/admin/segments"
        submitLabel="Add segment"
      >
        <SegmentFields
          key={counted?.values ? `rules:${ruleCount(counted.values)}` : "loaded"}
          bands={loaderData.bands}
          counted={counted}
        />
      </ResourceForm>
    </>
  );
}
