import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { AUDIT_RESOURCE_OPTIONS } from "../../../common/audit-labels";
import { AppLink } from "../ui/app-link";
import { Button, buttonClasses } from "../ui/button";
import { SelectField, TextField } from "../ui/form";

export const AUDIT_ACTION_OPTIONS = [
  { id: "create", title: "Created" },
  { id: "update", title: "Changed" },
  { id: "delete", title: "Deleted" },
] as const;

const NAMES = ["resource", "action", "actor", "from", "to"] as const;

/**
 * The audit log's filters as one GET form, so the filtered log is an address that can be
 * reloaded, shared and gone back to: what kind of record, what was done, who did it (an email or
 * an account number) and between which days (London time, both days included).
 */
export function AuditFilters({ pathname, search }: { pathname: string; search: URLSearchParams }) {
  const form = useRef<HTMLFormElement>(null);
  // Uncontrolled fields follow the address when it changes another way (back, Clear filters).
  useEffect(() => {
    for (const name of NAMES) {
      const field = form.current?.elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement)
        field.value = search.get(name) ?? "";
    }
  }, [search]);
  const active = NAMES.some((name) => search.get(name));
  return (
    <Form
      ref={form}
      method="get"
      action={pathname}
      role="search"
      aria-label="Filter the audit log"
      className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto]"
    >
      <SelectField
        name="resource"
        label="Records"
        placeholder="All records"
        options={AUDIT_RESOURCE_OPTIONS}
        defaultValue={search.get("resource") ?? ""}
      />
      <SelectField
        name="action"
        label="What was done"
        placeholder="Anything"
        options={AUDIT_ACTION_OPTIONS}
        defaultValue={search.get("action") ?? ""}
      />
      <TextField
        name="actor"
        label="Who"
        hint="Email or account number"
        defaultValue={search.get("actor") ?? ""}
        autoComplete="off"
      />
      <TextField name="from" label="From" type="date" defaultValue={search.get("from") ?? ""} />
      <TextField name="to" label="To" type="date" defaultValue={search.get("to") ?? ""} />
      <div className="flex items-center gap-3">
        <Button type="submit">Apply</Button>
        {active && (
          <AppLink to={pathname} className={buttonClasses("link", "sm")}>
            Clear filters
          </AppLink>
        )}
      </div>
    </Form>
  );
}
