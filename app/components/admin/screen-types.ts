import type { ListMeta } from "../ui/data-table";

/** What a staff list's loader gives its screen (app/lib/admin-resource.server.ts). */
export type ListScreen<Item> = {
  rows: Item[];
  meta: ListMeta;
  /** What in the address could not be used (the list is shown without it). */
  problem?: string;
  /** The order the rows are in: the address's, or the resource's own default. */
  sort?: { id: string; desc: boolean };
};

/**
 * What a staff form's action answers when it does not redirect: a save that failed (the
 * message, the errors beside fields and what was typed), the question before a delete (no
 * JavaScript: the ids to confirm), or a delete that was refused (in use, not an admin).
 */
export type AdminActionData = {
  /** `bulk`: another action on a list's ticked rows (publish, unpublish) that was refused. */
  intent: "save" | "confirm-delete" | "delete" | "bulk";
  message?: string;
  errors?: Record<string, string[]>;
  values?: Record<string, string>;
  ids?: string[];
};
