import { Form } from "react-router";
import { LondonTime } from "../../../components/admin/cells";
import { ProductStatusBadge } from "../../../components/admin/product-cells";
import { ProductAside, ProductFields } from "../../../components/admin/product-fields";
import {
  formResult,
  GENERATE_FORM,
  VARIANT_DELETE_FORM,
} from "../../../components/admin/product-types";
import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenError } from "../../../components/admin/screen-error";
import { ScreenHeader, ShopLink } from "../../../components/admin/screen-header";
import { GeneratePanel } from "../../../components/admin/variant-grid";
import { FormMessage } from "../../../components/ui/form";
import { editProductAction, productRecord } from "../../../lib/admin-products.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { errorMeta, pageMeta } from "../../../lib/meta";
import { robotsNoindex } from "../../../lib/seo";
import type { Route } from "./+types/edit";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [...pageMeta(`Product: ${loaderData.label}`), robotsNoindex()];
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = (args: Route.LoaderArgs) => productRecord(args);

export const action = (args: Route.ActionArgs) => editProductAction(args);

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { record, label, values, canDelete, canGenerate, canDeleteVariants, options, files } =
    loaderData;
  const generated = actionData?.intent === "generate" ? actionData : undefined;
  const variantMessage = actionData?.intent === "variant" ? actionData.message : undefined;
  const confirmingVariant =
    actionData?.intent === "confirm-delete-variant" ? actionData.ids[0] : undefined;
  const usedTypes = options.attributeTypes
    .filter((type) =>
      type.values.some((value) =>
        record.variants.some((variant) => variant.attributeIds.includes(value.id)),
      ),
    )
    .map((type) => type.id);
  return (
    <>
      <ScreenHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span className="min-w-0">{label}</span>
            <ProductStatusBadge status={record.status} />
          </span>
        }
        back={{ to: "/admin/products", label: "Products" }}
        intro={
          <>
            Last saved <LondonTime iso={record.updatedAt} />.{" "}
            {record.status === "published" && <ShopLink href={`/products/${record.slug}`} />}
          </>
        }
      />
      {variantMessage && (
        <div className="mb-6">
          <FormMessage type="error">{variantMessage}</FormMessage>
        </div>
      )}
      <ResourceForm
        key={record.id}
        label="Product details"
        values={values}
        result={formResult(actionData)}
        listPath="/admin/products"
        updatedAt={record.updatedAt}
        submitLabel="Save product"
        aside={<ProductAside options={options} />}
        destroy={
          canDelete
            ? {
                label: "Delete product",
                title: `Delete ${label}?`,
                description:
                  "The product, its variants and its place in collections go at once; its pictures stay in the media library. A product that has been ordered cannot be deleted: archive it instead.",
                confirmLabel: "Delete product",
              }
            : undefined
        }
      >
        <ProductFields
          isNew={false}
          options={options}
          files={files}
          variants={record.variants}
          canDeleteVariants={canDeleteVariants}
          confirmingVariant={confirmingVariant}
          generate={
            canGenerate && (
              <GeneratePanel
                key={record.updatedAt}
                attributeTypes={options.attributeTypes}
                result={generated}
                open={record.variants.length === 0 || Boolean(generated)}
                usedTypes={usedTypes}
              />
            )
          }
        />
      </ResourceForm>
      {/* The forms of "Generate variants" and of a variant's delete: their fields and buttons
          sit in the product's form above and name these by id. */}
      <Form method="post" id={GENERATE_FORM} hidden>
        <input type="hidden" name="updatedAt" value={record.updatedAt} />
      </Form>
      <Form method="post" id={VARIANT_DELETE_FORM} hidden />
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={{ to: "/admin/products", label: "Products" }} />;
}
