import type { AuditLogRow } from "./audit-types";

/**
 * The fields an entry changed, in words worked out by its loader (common/audit-wording.ts): an
 * update's before → after, a created record's fields as made, a deleted one's as they were.
 */
export function AuditChanges({ entry }: { entry: Pick<AuditLogRow, "changes"> }) {
  if (entry.changes.length === 0) return <span className="text-muted">No fields</span>;
  return (
    <dl className="grid max-w-xl grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1 text-xs">
      {entry.changes.map((change, index) => (
        // A product's variants give several lines of one field, so the line's place keys it.
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines never move within an entry
        <div key={index} className="contents">
          <dt className="font-semibold text-zinc-700">{change.field}</dt>
          <dd className="break-words">
            {"text" in change ? (
              change.text
            ) : (
              <>
                <del className="text-muted">{change.from}</del> <span aria-hidden="true">→</span>
                <span className="sr-only">changed to</span>{" "}
                <ins className="no-underline">{change.to}</ins>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
