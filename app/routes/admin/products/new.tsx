import { ProductAside, ProductFields } from "../../../components/admin/product-fields";
import { formResult } from "../../../components/admin/product-types";
import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { blankProduct, createProductAction } from "../../../lib/admin-products.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/new";

export const meta = screenMeta("New product", { noindex: true });
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = ({ context }: Route.LoaderArgs) => blankProduct(context);

export const action = (args: Route.ActionArgs) => createProductAction(args);

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { values, options } = loaderData;
  return (
    <>
      <ScreenHeader title="New product" back={{ to: "/admin/products", label: "Products" }} />
      <ResourceForm
        label="Product details"
        values={values}
        result={formResult(actionData)}
        listPath="/admin/products"
        submitLabel="Add product"
        aside={<ProductAside options={options} />}
      >
        <ProductFields isNew options={options} files={{}} variants={[]} canDeleteVariants={false} />
      </ResourceForm>
    </>
  );
}
