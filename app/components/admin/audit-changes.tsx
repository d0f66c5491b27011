import type { AuditEntryItem } from "./audit-types";

// Field names as staff read them; others are spelt out from their camelCase name.
const FIELD_LABELS: Record<string, string> = {
  seoTitle: "SEO title",
  seoDescription: "SEO description",
  logoFileId: "Logo",
  heroFileId: "Banner image",
  origin: "From",
  title: "Name",
};

/** `seoTitle` as "SEO title", `productCount` as "Product count". */
export function fieldLabel(name: string): string {
  const known = FIELD_LABELS[name];
  if (known) return known;
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const MAX = 120;

/** A field's value in a line: text cut short, yes/no, an object's keys and values. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([, inner]) => inner !== null && inner !== undefined && inner !== "",
    );
    if (entries.length === 0) return "(empty)";
    return cut(entries.map(([key, inner]) => `${key}: ${String(inner)}`).join(", "));
  }
  return cut(String(value));
}

const cut = (text: string) => (text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text);

/**
 * The fields an entry changed, each before → after: a create shows what the record was made
 * with, a delete what it held, an update only what changed.
 */
export function AuditChanges({ entry }: { entry: AuditEntryItem }) {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  // The name first, then the fields A to Z as staff read them (jsonb keeps no order).
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((a, b) =>
    a === "title" ? -1 : b === "title" ? 1 : fieldLabel(a).localeCompare(fieldLabel(b)),
  );
  if (names.length === 0) return <span className="text-muted">No fields</span>;
  return (
    <dl className="grid max-w-xl grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1 text-xs">
      {names.map((name) => (
        <div key={name} className="contents">
          <dt className="font-semibold text-zinc-700">{fieldLabel(name)}</dt>
          <dd className="break-words">
            {entry.action === "update" ? (
              <>
                <del className="text-muted">{shownValue(before[name])}</del>{" "}
                <span aria-hidden="true">→</span>
                <span className="sr-only">changed to</span>{" "}
                <ins className="no-underline">{shownValue(after[name])}</ins>
              </>
            ) : (
              shownValue(entry.action === "delete" ? before[name] : after[name])
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
