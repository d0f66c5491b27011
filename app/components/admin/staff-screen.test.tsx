import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { tableColumns } from "../ui/data-table";
import {
  enumFilter,
  type ListData,
  StaffEditScreen,
  StaffListScreen,
  StaffNewScreen,
  staffScreen,
} from "./staff-screen";

type Item = { id: number; title: string };
type Record = { id: number; updatedAt: string; title: string };
const column = tableColumns<Item>();

// A resource declared with nothing but its nouns: every word of its screens is made from them.
const fanClubs = staffScreen<Item, Record, object, { hint?: string }>({
  path: "/admin/fan-clubs",
  title: "Fan clubs",
  noun: "fan club",
  plural: "fan clubs",
  list: {
    intro: "The bands' fan clubs.",
    columns: [column.accessor("title", { header: "Fan club" })],
    filters: [enumFilter("kind", "Kind", "All kinds", { paid: "Paid", free: "Free" })],
  },
  form: {
    Fields: ({ isNew, data }) => (
      <p>
        {isNew ? "new" : "existing"} {data.hint}
      </p>
    ),
    deleteDescription: "Its members keep their orders.",
  },
});

/** Renders a screen at its address, as the route module would, with its loader's answer. */
function render(path: string, element: () => React.ReactNode) {
  const Stub = createRoutesStub([{ path, Component: element }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} />);
}

describe("staffScreen", () => {
  const list: ListData<Item> = {
    rows: [{ id: 7, title: "The Inner Circle" }],
    meta: { currentPage: 1, lastPage: 1, perPage: 25, total: 1 },
    canAdd: true,
    canDelete: true,
  };

  it("makes the list's heading, add button, search, filter and bulk delete from the nouns", () => {
    const html = render("/admin/fan-clubs", () => (
      <StaffListScreen screen={fanClubs} loaderData={list} />
    ));
    expect(html).toContain(">Fan clubs</h1>");
    expect(html).toContain('href="/admin/fan-clubs/new"');
    expect(html).toContain("Add fan club");
    expect(html).toContain("Search fan clubs");
    expect(html).toContain("All kinds");
    expect(html).toContain('<option value="paid">Paid</option>');
    expect(html).toContain("Select The Inner Circle");
  });

  it("hides the add button from staff who may not add", () => {
    const html = render("/admin/fan-clubs", () => (
      <StaffListScreen screen={fanClubs} loaderData={{ ...list, canAdd: false }} />
    ));
    expect(html).not.toContain("Add fan club");
  });

  it("makes the new and edit forms' words, and gives the fields the loader's answer", () => {
    const blank = render("/admin/fan-clubs/new", () => (
      <StaffNewScreen screen={fanClubs} loaderData={{ values: {}, hint: "choose" }} />
    ));
    expect(blank).toContain(">New fan club</h1>");
    expect(blank).toContain("Add fan club");
    expect(blank).toContain("new choose");
    const record = { id: 7, title: "The Inner Circle", updatedAt: "2026-11-29T12:00:00.000Z" };
    const edit = render("/admin/fan-clubs/7", () => (
      <StaffEditScreen
        screen={fanClubs}
        loaderData={{ record, label: record.title, values: {}, canDelete: true }}
      />
    ));
    expect(edit).toContain(">The Inner Circle</h1>");
    expect(edit).toContain("Last saved");
    expect(edit).toContain("Save fan club");
    expect(edit).toContain("Delete fan club");
    expect(edit).toContain("existing");
  });

  it("titles the pages from the nouns, and a missing record as not found", () => {
    expect(
      JSON.stringify(
        fanClubs.listMeta({
          matches: [],
          location: { pathname: "/admin/fan-clubs", search: "" },
        } as never),
      ),
    ).toContain("Fan clubs");
    expect(
      JSON.stringify(
        fanClubs.newMeta({
          matches: [],
          location: { pathname: "/admin/fan-clubs", search: "" },
        } as never),
      ),
    ).toContain("New fan club");
    expect(
      JSON.stringify(fanClubs.editMeta({ loaderData: { label: "The Inner Circle" } })),
    ).toContain("Fan club: The Inner Circle");
    expect(JSON.stringify(fanClubs.editMeta({ error: { status: 404 } }))).toContain("not found");
  });
});
