import type { RowData } from "@tanstack/react-table";
import type { ComponentType, ReactNode } from "react";
import { formPageHeaders } from "../../lib/form-headers";
import { errorMeta, pageMeta, screenMeta } from "../../lib/meta";
import { robotsNoindex } from "../../lib/seo";
import type { Filter } from "../ui/filter-bar";
import { LondonTime } from "./cells";
import { PrimaryLink } from "./list-columns";
import { ResourceForm } from "./resource-form";
import { ResourceList } from "./resource-list";
import { ScreenError } from "./screen-error";
import { ScreenHeader } from "./screen-header";
import type { AdminActionData, ListScreen } from "./screen-types";

/** What a list screen's loader answers (`resourceScreens(…).list`), with the screen's own extras. */
export type ListData<Item> = ListScreen<Item> & { canAdd?: boolean; canDelete?: boolean };

/** What an edit screen's loader answers (`resourceScreens(…).record`), with its own extras. */
export type RecordData<Rec> = {
  record: Rec;
  label: string;
  values: Record<string, string>;
  canDelete?: boolean;
};

/** What a new screen's loader answers (`resourceScreens(…).blank`), with its own extras. */
export type BlankData = { values: Record<string, string> };

/**
 * What a screen's fields and aside are given: whether the record is new, the loader's whole
 * answer (a form's choices: the bands of a drop-down) and the action's (a rule builder's count).
 */
export type FormPartProps<Data> = {
  isNew: boolean;
  data: Data;
  result: unknown;
};

type Columns<Item extends RowData> = Parameters<typeof ResourceList<Item>>[0]["columns"];

/**
 * One staff resource's screens, declared once (issue 30 point 4): the list, the new form and the
 * edit form share its path, its names and its fields. Words not given are made from the noun:
 * "Add band", "New band", "Band details", "Save band", "Delete band", "Search bands".
 */
export type StaffScreenDescriptor<
  Item extends RowData,
  Rec extends { id: number; updatedAt: string },
  ListX,
  FormX,
> = {
  /** The list's address: `/admin/bands`. New is `{path}/new`, a record `{path}/{id}`. */
  path: string;
  /** The list's title, caption and the way back from a form: "Bands". */
  title: string;
  /** One record and several, in the screens' words: "band", "bands". */
  noun: string;
  plural: string;
  list?: {
    intro: ReactNode | ((data: ListData<Item> & ListX) => ReactNode);
    columns: Columns<Item>;
    /** Drop-downs beside the search; `enumFilter` makes one from the titles of a zod enum. */
    filters?: Filter[] | ((data: ListData<Item> & ListX) => Filter[]);
    /** The table's caption, when not the title. */
    caption?: string;
    /** The search box's label, when not "Search {plural}". */
    searchLabel?: string;
    /** What staff read when no row matches, when not "No {noun} matches this search." */
    empty?: string;
    /** The add button's words, when not "Add {noun}". */
    addLabel?: string;
    /** The name of a row for its tick box, when not "Select {title}". */
    rowLabel?: (row: Item) => string;
    /** Whether ticked rows can be deleted (for those who may delete); staff are deactivated. */
    bulkDelete?: boolean;
  };
  form?: {
    Fields: ComponentType<FormPartProps<FormX>>;
    Aside?: ComponentType<FormPartProps<FormX>>;
    /** What deleting a record does, asked before it happens. */
    deleteDescription?: string;
    /** The edit screen's title, when not the record's label ("Size: M"). */
    editTitle?: (data: RecordData<Rec> & FormX) => string;
    /** Where the edit screen's way back leads, when not the list's first page. */
    editBack?: (record: Rec) => string;
    /** The edit screen's words after "Last saved …": a link to the record on the shop. */
    editIntro?: (record: Rec) => ReactNode;
    /** The new screen's title, intro and button, when not "New {noun}" and "Add {noun}". */
    newTitle?: string;
    newIntro?: ReactNode;
    newSubmit?: string;
    /** The noun on the form's buttons, when the screen already says which: "Save option". */
    buttonNoun?: string;
    /** The form's name for assistive technology, when not "{Noun} details". */
    label?: string;
  };
};

/** A list filter over an enum's values, in the titles staff read (`BILLING_MODEL_TYPE_TITLES`). */
export function enumFilter(
  name: string,
  label: string,
  anyLabel: string,
  titles: Readonly<Record<string, string>>,
): Filter {
  return {
    name,
    label,
    anyLabel,
    options: Object.entries(titles).map(([value, title]) => ({ value, label: title })),
  };
}

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
const FORM_HEADERS = { "Cache-Control": "private, no-store" };

/** A descriptor with what its screens share worked out once: its words and way back. */
export type StaffScreen<
  Item extends RowData,
  Rec extends { id: number; updatedAt: string },
  ListX,
  FormX,
> = StaffScreenDescriptor<Item, Rec, ListX, FormX> & {
  Noun: string;
  back: { to: string; label: string };
  /** The route modules' `meta` and `headers`, for the list, new and edit screens. */
  listMeta: ReturnType<typeof screenMeta>;
  newMeta: ReturnType<typeof screenMeta>;
  editMeta: (args: {
    loaderData?: { label: string };
    error?: unknown;
  }) => ReturnType<typeof errorMeta>;
  formHeaders: ReturnType<typeof formPageHeaders>;
};

/**
 * A resource's screens from its descriptor, for its route modules: each module keeps its own
 * loader and action (the server's `resourceScreens`), exports `meta` and `headers` from here
 * and renders `StaffListScreen`, `StaffNewScreen` or `StaffEditScreen` with it.
 */
export function staffScreen<
  Item extends RowData & { id: number },
  Rec extends { id: number; updatedAt: string },
  ListX = object,
  FormX = object,
>(
  descriptor: StaffScreenDescriptor<Item, Rec, ListX, FormX>,
): StaffScreen<Item, Rec, ListX, FormX> {
  const Noun = capitalised(descriptor.noun);
  return {
    ...descriptor,
    Noun,
    back: { to: descriptor.path, label: descriptor.title },
    listMeta: screenMeta(descriptor.title, { noindex: true }),
    newMeta: screenMeta(descriptor.form?.newTitle ?? `New ${descriptor.noun}`, { noindex: true }),
    editMeta: ({ loaderData, error }) =>
      error || !loaderData
        ? errorMeta(error ?? { status: 404 })
        : [...pageMeta(`${Noun}: ${loaderData.label}`), robotsNoindex()],
    formHeaders: formPageHeaders(FORM_HEADERS),
  };
}

function requirePart<Part>(part: Part | undefined, screen: { path: string }, what: string): Part {
  if (!part) throw new Error(`${screen.path} has no ${what}`);
  return part;
}

/** A resource's list: its heading, add button, search, filters, table and bulk delete. */
export function StaffListScreen<
  Item extends RowData & { id: number },
  Rec extends { id: number; updatedAt: string },
  ListX,
  FormX,
>({
  screen,
  loaderData,
  actionData,
}: {
  screen: StaffScreen<Item, Rec, ListX, FormX>;
  loaderData: ListData<Item> & ListX;
  actionData?: AdminActionData;
}) {
  const { path, title, noun, plural } = screen;
  const list = requirePart(screen.list, screen, "list");
  return (
    <>
      <ScreenHeader
        title={title}
        intro={typeof list.intro === "function" ? list.intro(loaderData) : list.intro}
        actions={
          loaderData.canAdd !== false && screen.form ? (
            <PrimaryLink to={`${path}/new`}>{list.addLabel ?? `Add ${noun}`}</PrimaryLink>
          ) : undefined
        }
      />
      <ResourceList
        screen={loaderData}
        result={actionData}
        caption={list.caption ?? title}
        columns={list.columns}
        rowId={(row) => String(row.id)}
        searchLabel={list.searchLabel ?? `Search ${plural}`}
        filters={typeof list.filters === "function" ? list.filters(loaderData) : list.filters}
        empty={list.empty ?? `No ${noun} matches this search.`}
        bulkDelete={
          list.bulkDelete === false
            ? undefined
            : {
                noun,
                plural,
                rowLabel:
                  list.rowLabel ??
                  ((row) => `Select ${(row as { title?: string }).title ?? row.id}`),
              }
        }
      />
    </>
  );
}

/** A resource's new form: its heading, fields and aside, and "Add {noun}". */
export function StaffNewScreen<
  Item extends RowData,
  Rec extends { id: number; updatedAt: string },
  ListX,
  FormX,
>({
  screen,
  loaderData,
  actionData,
}: {
  screen: StaffScreen<Item, Rec, ListX, FormX>;
  loaderData: BlankData & FormX;
  actionData?: unknown;
}) {
  const { Fields, Aside, ...words } = requirePart(screen.form, screen, "form");
  const part: FormPartProps<FormX> = { isNew: true, data: loaderData, result: actionData };
  return (
    <>
      <ScreenHeader
        title={words.newTitle ?? `New ${screen.noun}`}
        back={screen.back}
        intro={words.newIntro}
      />
      <ResourceForm
        label={words.label ?? `${screen.Noun} details`}
        values={loaderData.values}
        result={actionData as AdminActionData | undefined}
        listPath={screen.path}
        submitLabel={words.newSubmit ?? `Add ${words.buttonNoun ?? screen.noun}`}
        aside={Aside ? <Aside {...part} /> : undefined}
      >
        <Fields {...part} />
      </ResourceForm>
    </>
  );
}

/**
 * A record's form: its heading (when it was last saved), fields and aside, "Save {noun}", and
 * "Delete {noun}" asking first, for those who may delete.
 */
export function StaffEditScreen<
  Item extends RowData,
  Rec extends { id: number; updatedAt: string },
  ListX,
  FormX,
>({
  screen,
  loaderData,
  actionData,
}: {
  screen: StaffScreen<Item, Rec, ListX, FormX>;
  loaderData: RecordData<Rec> & FormX;
  actionData?: unknown;
}) {
  const { Fields, Aside, ...words } = requirePart(screen.form, screen, "form");
  const noun = words.buttonNoun ?? screen.noun;
  const { record, label, values, canDelete } = loaderData;
  const part: FormPartProps<FormX> = { isNew: false, data: loaderData, result: actionData };
  return (
    <>
      <ScreenHeader
        title={words.editTitle?.(loaderData) ?? label}
        back={words.editBack ? { ...screen.back, to: words.editBack(record) } : screen.back}
        intro={
          <>
            Last saved <LondonTime iso={record.updatedAt} />.
            {words.editIntro && <> {words.editIntro(record)}</>}
          </>
        }
      />
      <ResourceForm
        key={record.id}
        label={words.label ?? `${screen.Noun} details`}
        values={values}
        result={actionData as AdminActionData | undefined}
        listPath={screen.path}
        updatedAt={record.updatedAt}
        submitLabel={`Save ${noun}`}
        aside={Aside ? <Aside {...part} /> : undefined}
        destroy={
          canDelete
            ? {
                label: `Delete ${noun}`,
                title: `Delete ${label}?`,
                description: words.deleteDescription ?? "This cannot be undone.",
                confirmLabel: `Delete ${noun}`,
              }
            : undefined
        }
      >
        <Fields {...part} />
      </ResourceForm>
    </>
  );
}

/** A resource's screen that failed, with the way back to its list. */
export function StaffScreenError({ screen }: { screen: { back: { to: string; label: string } } }) {
  return <ScreenError back={screen.back} />;
}
