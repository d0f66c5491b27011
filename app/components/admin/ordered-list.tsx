import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { fileUrl } from "../../lib/images";
import { MediaPicker, type PickedFile } from "./media-picker";
import { rowField } from "./product-types";
import { useFormFields, useMarkDirty } from "./resource-form";

/** What a row shows of the record it names: its title and, when there is one, a picture. */
export type RowView = { title: string; imageUrl?: string | null; note?: string; href?: string };

/** A row: its record's id, and what its other fields held when the form was drawn. */
type Row = { key: string; id: string; values: Record<string, string> };

type Props = {
  /** The rows' field prefix: `media` makes `media.0.fileId`, `media.1.fileId` … */
  list: string;
  /**
   * The field that names each row's record: `fileId`, `id`; empty when a row is the record's id
   * itself, named by `rowName` alone (`productIds[0]`).
   */
  idField: string;
  /**
   * A row's field's name: `media.0.fileId` unless said (`rowPath` names it as a form codec reads
   * it, `media[0].fileId`).
   */
  rowName?: (list: string, row: number, field: string) => string;
  /** What the list is, for its label and messages: "Gallery". */
  label: string;
  /** What one row is called in its buttons' names: "file", "product". */
  noun: string;
  describe: (id: string) => RowView | undefined;
  /** More fields of a row (a colour to show it for), by their names in that row. */
  extra?: (row: {
    name: (field: string) => string;
    values: Record<string, string>;
    title: string;
  }) => ReactNode;
  /** The box that adds a row: its label and hint. */
  add: { label: string; hint: string };
  empty: string;
  /** Rows are media files: "Choose from library" adds one, as typing its number does. */
  mediaPicker?: { purpose: string };
  /** A search that adds rows (a collection's products), shown once scripts run. */
  picker?: (add: (id: string, view: RowView) => void, chosen: Set<string>) => ReactNode;
};

const iconButton =
  "grid h-8 w-8 place-items-center rounded-md text-sm font-bold text-ink ring-1 ring-line hover:bg-zinc-100 aria-disabled:cursor-not-allowed aria-disabled:text-zinc-400 aria-disabled:hover:bg-transparent";

/** The rows the form's values hold for `list`, in order, named either way (`rowName`). */
function rowsOf(values: Record<string, string>, list: string, idField: string): Row[] {
  const pattern = new RegExp(`^${list}(?:\\.(\\d+)\\.(?=.)|\\[(\\d+)\\](?:\\.(?=.)|$))(.*)$`);
  const rows = new Map<number, Record<string, string>>();
  for (const [name, value] of Object.entries(values)) {
    const match = pattern.exec(name);
    if (!match) continue;
    const index = Number(match[1] ?? match[2]);
    rows.set(index, { ...rows.get(index), [match[3] ?? ""]: value });
  }
  return [...rows]
    .filter(([, own]) => (own[idField] ?? "").trim() !== "")
    .sort(([a], [b]) => a - b)
    .map(([index, own]) => {
      const id = (own[idField] ?? "").trim();
      return { key: `${id}-${index}`, id, values: own };
    });
}

/**
 * An ordered list of records in a resource form (a product's gallery, a collection's products):
 * each row's id in a field of its own (`media.0.fileId`), in the order shoppers see them. Its
 * move and remove buttons post the form without JavaScript (the page comes back with the rows
 * moved, not yet saved); with it they move rows at once, and rows can also be dragged. New rows
 * are added by their id.
 */
export function OrderedList({
  list,
  idField,
  rowName = rowField,
  label,
  noun,
  describe: describeKnown,
  extra,
  add,
  empty,
  mediaPicker,
  picker,
}: Props) {
  const { values, errors } = useFormFields();
  const markDirty = useMarkDirty();
  const [rows, setRows] = useState(() => rowsOf(values, list, idField));
  const [dragging, setDragging] = useState<number | null>(null);
  const [said, setSaid] = useState("");
  const [live, setLive] = useState(false);
  const addBox = useRef<HTMLInputElement>(null);
  const id = useId();
  // Files chosen from the library since the page was drawn: shown by their title and picture.
  const [picked, setPicked] = useState<Record<string, RowView>>({});
  const describe = (rowId: string) => picked[rowId] ?? describeKnown(rowId);
  useEffect(() => setLive(true), []);
  // A refused save (or a move without JavaScript) brings its own rows.
  useEffect(() => setRows(rowsOf(values, list, idField)), [values, list, idField]);

  const titleOf = (row: Row) => describe(row.id)?.title ?? `${noun} ${row.id}`;
  const move = (from: number, to: number) => {
    if (to < 0 || to >= rows.length || from === to) return;
    const next = [...rows];
    const [moving] = next.splice(from, 1);
    if (!moving) return;
    next.splice(to, 0, moving);
    setRows(next);
    markDirty();
    setSaid(`${titleOf(moving)} moved to position ${to + 1} of ${next.length}.`);
  };
  const remove = (index: number) => {
    const gone = rows[index];
    setRows(rows.filter((_, at) => at !== index));
    markDirty();
    if (gone) setSaid(`${titleOf(gone)} removed. Save to keep the change.`);
  };
  const addViewed = (typed: string, view: RowView) => {
    setPicked({ ...picked, [typed]: view });
    addRow(typed, `${view.title} added at position ${rows.length + 1}.`);
  };
  const addPicked = (file: PickedFile) =>
    addViewed(String(file.id), {
      title: file.title,
      imageUrl: fileUrl(file.slug, 160),
      note: `No. ${file.id}`,
    });
  const addTyped = () => {
    const typed = addBox.current?.value.trim() ?? "";
    if (!typed) return;
    addRow(typed);
  };
  const addRow = (typed: string, message?: string) => {
    setRows([...rows, { key: `${typed}-new-${rows.length}-${Date.now()}`, id: typed, values: {} }]);
    if (addBox.current) addBox.current.value = "";
    markDirty();
    setSaid(
      message ??
        `${describe(typed)?.title ?? `${noun} ${typed}`} added at position ${rows.length + 1}.`,
    );
  };
  const listErrors = errors[list];
  const addName = rowName(list, rows.length, idField);

  return (
    <div className="space-y-3">
      {listErrors && (
        <p className="text-sm font-medium text-error" id={`${id}-errors`}>
          {listErrors.join(" ")}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-muted">
          {empty}
        </p>
      ) : (
        <ol aria-label={label} className="divide-y divide-line rounded-lg ring-1 ring-line">
          {rows.map((row, index) => {
            const view = describe(row.id);
            const title = view?.title ?? `${noun} ${row.id}`;
            const name = (field: string) => rowName(list, index, field);
            const rowErrors = Object.entries(errors)
              .filter(([field]) => field.startsWith(name("")))
              .flatMap(([, messages]) => messages);
            return (
              <li
                key={row.key}
                draggable={live}
                onDragStart={(event) => {
                  setDragging(index);
                  event.dataTransfer.effectAllowed = "move";
                }}
                onDragOver={(event) => {
                  if (dragging === null) return;
                  event.preventDefault();
                  if (dragging !== index) {
                    move(dragging, index);
                    setDragging(index);
                  }
                }}
                onDragEnd={() => setDragging(null)}
                onDrop={(event) => {
                  event.preventDefault();
                  setDragging(null);
                }}
                className={`flex flex-wrap items-center gap-3 bg-white px-3 py-2 first:rounded-t-lg last:rounded-b-lg ${
                  dragging === index ? "opacity-60 ring-2 ring-ink" : ""
                } ${rowErrors.length ? "bg-red-50" : ""}`}
              >
                <input type="hidden" name={name(idField)} value={row.id} />
                {live && (
                  <span
                    aria-hidden="true"
                    className="cursor-grab px-1 text-zinc-400 select-none"
                    title="Drag to reorder"
                  >
                    ⋮⋮
                  </span>
                )}
                <span className="w-6 text-right text-sm font-semibold text-muted tabular-nums">
                  {index + 1}
                </span>
                {view?.imageUrl !== undefined && <ListThumbnail src={view.imageUrl ?? null} />}
                <span className="min-w-0 flex-1">
                  {view?.href ? (
                    <a href={view.href} className="block truncate font-semibold hover:underline">
                      {title}
                    </a>
                  ) : (
                    <span className="block truncate font-semibold">{title}</span>
                  )}
                  <span className="block text-xs text-muted">{view?.note ?? `No. ${row.id}`}</span>
                  {rowErrors.length > 0 && (
                    <span className="block text-sm font-medium text-error">
                      {rowErrors.join(" ")}
                    </span>
                  )}
                </span>
                {extra?.({ name, values: row.values, title })}
                <span className="flex items-center gap-1">
                  <button
                    type="submit"
                    name="move"
                    value={`${list}:${index}:up`}
                    aria-label={`Move ${title} up`}
                    aria-disabled={index === 0 || undefined}
                    className={iconButton}
                    onClick={(event) => {
                      event.preventDefault();
                      move(index, index - 1);
                    }}
                  >
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button
                    type="submit"
                    name="move"
                    value={`${list}:${index}:down`}
                    aria-label={`Move ${title} down`}
                    aria-disabled={index === rows.length - 1 || undefined}
                    className={iconButton}
                    onClick={(event) => {
                      event.preventDefault();
                      move(index, index + 1);
                    }}
                  >
                    <span aria-hidden="true">↓</span>
                  </button>
                  <button
                    type="submit"
                    name="move"
                    value={`${list}:${index}:remove`}
                    aria-label={`Remove ${title}`}
                    className={`${iconButton} hover:text-error`}
                    onClick={(event) => {
                      event.preventDefault();
                      remove(index);
                    }}
                  >
                    <span aria-hidden="true">✕</span>
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <p aria-live="polite" className="sr-only">
        {said}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="w-48">
          <label htmlFor={`${id}-add`} className="block text-sm font-semibold">
            {add.label}
          </label>
          <input
            ref={addBox}
            id={`${id}-add`}
            name={addName}
            inputMode="numeric"
            autoComplete="off"
            aria-describedby={`${id}-add-hint`}
            className="mt-1 block w-full rounded-lg border border-zinc-400 bg-white px-3 py-2 text-base"
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                addTyped();
              }
            }}
          />
        </div>
        {live && (
          <button
            type="button"
            onClick={addTyped}
            className="rounded-full border-2 border-ink px-3.5 py-1.5 text-sm font-bold hover:bg-zinc-100"
          >
            Add
          </button>
        )}
        {mediaPicker && <MediaPicker purpose={mediaPicker.purpose} onPick={addPicked} />}
        {live && picker?.(addViewed, new Set(rows.map((row) => row.id)))}
        <p id={`${id}-add-hint`} className="basis-full text-sm text-muted">
          {add.hint}
        </p>
      </div>
    </div>
  );
}

function ListThumbnail({ src }: { src: string | null }) {
  return src ? (
    <img
      src={src}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      className="h-12 w-12 shrink-0 rounded-md bg-zinc-100 object-cover ring-1 ring-line"
    />
  ) : (
    <span
      aria-hidden="true"
      className="grid h-12 w-12 shrink-0 place-items-center rounded-md bg-zinc-100 text-xs text-muted ring-1 ring-line"
    >
      File
    </span>
  );
}
