import { LondonTime } from "../../../components/admin/cells";
import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenError } from "../../../components/admin/screen-error";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { ruleCount, SegmentFields } from "../../../components/admin/segment-fields";
import {
  bandOptions,
  type RuleBuilderData,
  ruleBuilderAction,
  segmentScreens,
} from "../../../lib/admin-segments.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { errorMeta, pageMeta } from "../../../lib/meta";
import { robotsNoindex } from "../../../lib/seo";
import type { Route } from "./+types/edit";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [...pageMeta(`Segment: ${loaderData.label}`), robotsNoindex()];
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export async function loader(args: Route.LoaderArgs) {
  const screen = await segmentScreens.record(args);
  return { ...screen, bands: await bandOptions(args.context) };
}

export async function action(args: Route.ActionArgs) {
  return (await ruleBuilderAction(args)) ?? segmentScreens.edit(args);
}

export default function EditSegment({ loaderData, actionData }: Route.ComponentProps) {
  const { record, label, values, canDelete, bands } = loaderData;
  const counted = actionData as RuleBuilderData | undefined;
  return (
    <>
      <ScreenHeader
        title={label}
        back={{ to: "/admin/segments", label: "Segments" }}
        intro={
          <>
            Last saved <LondonTime iso={record.updatedAt} />.
          </>
        }
      />
      <ResourceForm
        key={record.id}
        label="Segment details"
        values={values}
        result={actionData}
        listPath="/admin/segments"
        updatedAt={record.updatedAt}
        submitLabel="Save segment"
        destroy={
          canDelete
            ? {
                label: "Delete segment",
                title: `Delete ${label}?`,
                description:
                  "The group goes; its customers are not changed. A segment a discount code is limited to cannot be deleted: change the code first.",
                confirmLabel: "Delete segment",
              }
            : undefined
        }
      >
        <SegmentFields
          key={counted?.values ? `rules:${ruleCount(counted.values)}` : "loaded"}
          bands={bands}
          counted={counted ?? { count: record.memberCount }}
        />
      </ResourceForm>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={{ to: "/admin/segments", label: "Segments" }} />;
}
