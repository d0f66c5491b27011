import type { StaffProductItem } from "../../../../common/catalog-admin";
import { PRODUCT_STATUS_LABELS } from "../../../../common/product-statuses";
import { PRODUCT_TYPES, productTypeBySlug } from "../../../../common/product-types";
import { Thumbnail } from "../../../components/admin/cells";
import { PrimaryLink, timeColumn } from "../../../components/admin/list-columns";
import { PriceRange, ProductStatusBadge, StockCell } from "../../../components/admin/product-cells";
import { ResourceList } from "../../../components/admin/resource-list";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { enumFilter } from "../../../components/admin/staff-screen";
import { AppLink } from "../../../components/ui/app-link";
import { buttonClasses } from "../../../components/ui/button";
import { tableColumns } from "../../../components/ui/data-table";
import { productList, productListAction } from "../../../lib/admin-product-list.server";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/list";

export const meta = screenMeta("Products", { noindex: true });

export const loader = (args: Route.LoaderArgs) => productList(args);

export const action = (args: Route.ActionArgs) => productListAction(args);

const column = tableColumns<StaffProductItem>();

// A column's id is its sort key in the address (`?sort=price&direction=desc`).
const columns = [
  column.accessor("title", {
    id: "title",
    header: "Product",
    enableSorting: true,
    cell: ({ row }) => (
      <span className="flex min-w-48 items-center gap-3">
        <Thumbnail src={row.original.imageUrl} size={44} />
        <span className="min-w-0">
          <AppLink
            to={`/admin/products/${row.original.id}`}
            className="font-semibold hover:underline"
          >
            {row.original.title}
          </AppLink>
          <span className="block text-xs text-muted">
            {productTypeBySlug(row.original.type)?.title ?? row.original.type} · No.{" "}
            {row.original.id}
            {row.original.preOrder && " · Pre-order"}
          </span>
        </span>
      </span>
    ),
  }),
  column.accessor((product) => product.brand.title, {
    id: "band",
    header: "Band",
    cell: ({ getValue }) => <span className="whitespace-nowrap">{getValue()}</span>,
  }),
  column.accessor("status", {
    header: "Status",
    cell: ({ getValue }) => <ProductStatusBadge status={getValue()} />,
  }),
  column.accessor("priceFrom", {
    id: "price",
    header: "Price",
    enableSorting: true,
    cell: ({ row }) => (
      <PriceRange
        from={row.original.priceFrom}
        to={row.original.priceTo}
        variants={row.original.variantCount}
      />
    ),
  }),
  column.accessor("stockTotal", {
    id: "stock",
    header: "Stock",
    enableSorting: true,
    cell: ({ row }) => (
      <StockCell total={row.original.stockTotal} variants={row.original.variantCount} />
    ),
  }),
  timeColumn(column, (row) => row.updatedAt),
];

export default function ProductsList({ loaderData, actionData }: Route.ComponentProps) {
  const { bands, canPublish, canAdd } = loaderData;
  return (
    <>
      <ScreenHeader
        title="Products"
        intro="Everything the shop sells: each product's variants, prices, stock and status."
        actions={
          <div className="flex flex-wrap gap-2">
            <a
              href="/api/staff/products/export.csv"
              download
              className={buttonClasses("secondary", "sm")}
            >
              Export CSV
            </a>
            {canAdd && (
              <>
                <AppLink to="/admin/products/import" className={buttonClasses("secondary", "sm")}>
                  Import CSV
                </AppLink>
                <PrimaryLink to="/admin/products/new">Add product</PrimaryLink>
              </>
            )}
          </div>
        }
      />
      <ResourceList
        screen={loaderData}
        result={actionData}
        caption="Products"
        columns={columns}
        rowId={(product) => String(product.id)}
        searchLabel="Search products"
        filters={[
          {
            name: "brand",
            label: "Band",
            anyLabel: "All bands",
            options: bands.map((band) => ({ value: String(band.id), label: band.title })),
          },
          {
            name: "type",
            label: "Type",
            anyLabel: "All types",
            options: PRODUCT_TYPES.map((type) => ({ value: type.slug, label: type.title })),
          },
          enumFilter("status", "Status", "All statuses", PRODUCT_STATUS_LABELS),
          {
            name: "stock",
            label: "Stock",
            anyLabel: "Any stock",
            options: [
              { value: "in", label: "In stock" },
              { value: "low", label: "Low (5 or fewer of a variant)" },
              { value: "out", label: "Out of stock" },
            ],
          },
        ]}
        empty="No product matches these filters."
        bulkActions={
          canPublish
            ? {
                actions: [
                  { intent: "publish", label: "Publish" },
                  { intent: "unpublish", label: "Unpublish" },
                  { intent: "archive", label: "Archive" },
                ],
                noun: "product",
                plural: "products",
                rowLabel: (product) => `Select ${product.title}`,
              }
            : undefined
        }
        bulkDelete={{
          noun: "product",
          plural: "products",
          rowLabel: (product) => `Select ${product.title}`,
        }}
      />
    </>
  );
}
