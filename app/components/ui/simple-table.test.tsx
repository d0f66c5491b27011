import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SimpleTable } from "./simple-table";

type Option = { id: number; title: string; price: string };
const rows: Option[] = [
  { id: 1, title: "UK Standard", price: "£3.95" },
  { id: 2, title: "UK Next Day", price: "£6.95" },
];
const columns = [
  { header: "Option", cell: (row: Option) => row.title },
  { header: "Price", cell: (row: Option) => row.price, numeric: true },
];

describe("SimpleTable", () => {
  it("names itself by its caption, heads each column and shows a row per record", () => {
    const html = renderToStaticMarkup(
      <SimpleTable
        caption="Delivery options"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
      />,
    );
    expect(html).toContain('<caption class="sr-only">Delivery options</caption>');
    expect(html.match(/<th scope="col"/g)).toHaveLength(2);
    expect(html.match(/<tr/g)).toHaveLength(3);
    expect(html).toMatch(/<td class="[^"]*text-right tabular-nums[^"]*">£6\.95<\/td>/);
    expect(html).toContain('class="overflow-x-auto"');
  });

  it("shows what it is told instead of an empty table", () => {
    const html = renderToStaticMarkup(
      <SimpleTable
        caption="Delivery options"
        columns={columns}
        rows={[]}
        rowKey={(row) => row.id}
        empty={<p>No options yet.</p>}
      />,
    );
    expect(html).toBe("<p>No options yet.</p>");
  });
});
