import { DiscountFields } from "../../../components/admin/discount-fields";
import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenHeader } from "../../../components/admin/screen-header";
import {
  discountScreens,
  discountValues,
  segmentChoices,
} from "../../../lib/admin-discounts.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/new";

export const meta = screenMeta("New discount", { noindex: true });
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = async ({ context }: Route.LoaderArgs) => ({
  values: discountValues(),
  segments: await segmentChoices(context),
});

export const action = (args: Route.ActionArgs) => discountScreens.create(args);

export default function NewDiscount({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader title="New discount" back={{ to: "/admin/discounts", label: "Discounts" }} />
      <ResourceForm
        label="Discount details"
        values={loaderData.values}
        result={actionData}
        listPath="/admin/discounts"
        submitLabel="Add discount"
      >
        <DiscountFields segments={loaderData.segments} />
      </ResourceForm>
    </>
  );
}
