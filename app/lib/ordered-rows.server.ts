import { data, type RouterContextProvider } from "react-router";
import { poundsToPence } from "../../common/money";
import { fileRoute } from "../../server/media/api.ts";
import type { GalleryFile } from "../components/admin/product-types";
import type { AdminActionData } from "../components/admin/screen-types";
import { callRoute } from "./admin-resource.server";

// The ordered lists of the back office's forms (a product's gallery, a collection's products):
// their rows, a move made without JavaScript, and the media files a gallery shows. The flat
// readings at the end serve the forms not yet declared as codecs (collections, issue 30).

/**
 * A row's field, named either way a form names it: `media.0.fileId` (a form read field by
 * field) or `media[0].fileId` (a form codec's name, the body's path).
 */
const rowFieldPattern = (list: string) =>
  new RegExp(`^${list}(?:\\.(\\d+)\\.|\\[(\\d+)\\]\\.)(.+)$`);

/** The rows of an ordered list in the form (`media.0.fileId`, `media.1.fileId` …), in order. */
export function listRows(form: FormData | Record<string, string>, list: string): number[] {
  const names = form instanceof FormData ? [...form.keys()] : Object.keys(form);
  const pattern = rowFieldPattern(list);
  const rows = new Set<number>();
  for (const name of names) {
    const match = pattern.exec(name);
    if (match) rows.add(Number(match[1] ?? match[2]));
  }
  return [...rows].sort((a, b) => a - b);
}

/** The ids a form's values name in the list `list` (`products.0.id` …). */
export function idsInList(values: Record<string, string>, list: string, field: string): number[] {
  return listRows(values, list)
    .map((row) => values[`${list}.${row}.${field}`] ?? values[`${list}[${row}].${field}`] ?? "")
    .filter((id) => /^\d{1,10}$/.test(id))
    .map(Number);
}

/**
 * A move in an ordered list of a form posted without JavaScript (`move=media:2:up`, `:down` or
 * `:remove`): the page again with what was typed and the rows in their new order, not yet saved.
 * With JavaScript the rows move in the browser.
 */
export function movedRows(form: FormData, move: string) {
  const [list = "", at = "", how = ""] = move.split(":");
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  if (!/^[a-z][a-zA-Z]*$/.test(list) || !/^\d{1,4}$/.test(at)) return values;
  const pattern = rowFieldPattern(list);
  const rows = listRows(values, list);
  const from = rows.indexOf(Number(at));
  const to = how === "up" ? from - 1 : how === "down" ? from + 1 : from;
  if (from === -1 || to < 0 || to >= rows.length) return values;
  // Each row's fields, and whether the form names them as paths (`media[0].fileId`).
  const cells: Array<Record<string, string>> = rows.map(() => ({}));
  let asPaths = false;
  for (const [name, value] of Object.entries(values)) {
    const match = pattern.exec(name);
    if (!match) continue;
    asPaths ||= match[2] !== undefined;
    const cell = cells[rows.indexOf(Number(match[1] ?? match[2]))];
    if (cell) cell[match[3] ?? ""] = value;
    delete values[name];
  }
  const [moving] = cells.splice(from, 1);
  if (moving && how !== "remove") cells.splice(to, 0, moving);
  cells.forEach((cell, row) => {
    for (const [field, value] of Object.entries(cell)) {
      values[asPaths ? `${list}[${row}].${field}` : `${list}.${row}.${field}`] = value;
    }
  });
  return values;
}

/** A no-JavaScript move's answer: the form again, its rows moved, marked as unsaved. */
export const movedAnswer = (form: FormData, move: string) =>
  data<AdminActionData>({ intent: "save", values: movedRows(form, move) });

/** The media library's files by id, as a gallery shows them (a file gone is left out). */
export async function galleryFiles(
  context: Readonly<RouterContextProvider>,
  ids: number[],
): Promise<Record<string, GalleryFile>> {
  const files = await Promise.all(
    [...new Set(ids)].slice(0, 100).map(async (id) => {
      try {
        return await callRoute(fileRoute, context, { params: { id } });
      } catch {
        return undefined;
      }
    }),
  );
  return Object.fromEntries(
    files.flatMap((file) =>
      file
        ? [
            [
              String(file.id),
              {
                title: file.title || file.slug,
                imageUrl: file.fileType === "IMAGE" ? `${file.url}?w=160` : null,
                kind: file.fileType.toLowerCase(),
              },
            ],
          ]
        : [],
    ),
  );
}

// The flat readings of a form read field by field (collections, until its codec).

/** A whole number as typed, or the text itself for the schema to refuse by name. */
export const wholeNumber = (typed: string): number | string =>
  /^\s*\d{1,9}\s*$/.test(typed) ? Number(typed) : typed;

/** Money as typed in pounds, in pence; unreadable text goes as it is, for the schema to refuse. */
export const money = (typed: string): number | string | undefined => {
  const pence = poundsToPence(typed);
  return pence === null ? typed : pence;
};

export const MONEY_MESSAGE = "Enter the price in pounds, such as 25.00.";
