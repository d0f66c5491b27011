import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { SEGMENT_RULE_LABELS } from "../../../common/segment-labels";
import type { SegmentRuleType } from "../../../common/segments";
import type { SegmentPreview } from "../../../common/segments-admin";
import { MEMBER_COUNT_INTENT } from "../../lib/segment-intents";
import { Button } from "../ui/button";
import { MoneyField, SelectField, TextAreaField, TextField } from "../ui/form";
import { useField, useFormFields, useMarkDirty } from "./resource-form";
import { Card } from "./screen-header";

const RULE_TYPES = Object.entries(SEGMENT_RULE_LABELS).map(([id, title]) => ({ id, title }));
const CONSENT = [
  { id: "true", title: "Said yes to marketing email" },
  { id: "false", title: "Did not say yes" },
];

/** A rule row's field, named by the row's place, as the API names its errors: `rules[1].amount`. */
const ruleName = (row: number, field: string) => `rules[${row}].${field}`;

/** How many rule rows the form's values hold: the page remakes its rows when this changes. */
export function ruleCount(values: Record<string, string>) {
  let count = 0;
  while (values[ruleName(count, "type")] !== undefined) count += 1;
  return count;
}

type Count = { count?: number; sample?: SegmentPreview["sample"]; message?: string };

/**
 * The segment form's fields: its name, and the rule builder. Each rule row has its own fields
 * for its kind; rows are added and removed in the page (or, without JavaScript, by the buttons,
 * which the server answers). The member count follows the rules as they change, asked of the
 * server a moment after the last change; "Count members" asks without JavaScript.
 */
export function SegmentFields({
  bands,
  counted,
}: {
  bands: ReadonlyArray<{ id: string; title: string }>;
  /** The last count the server answered the form's own button with, if any. */
  counted?: Count;
}) {
  const { values, errors } = useFormFields();
  const markDirty = useMarkDirty();
  // Each row keeps its key while rows come and go; its fields are named by its place.
  const [rows, setRows] = useState(() =>
    Array.from({ length: ruleCount(values) }, (_, key) => ({
      key,
      type: values[ruleName(key, "type")] ?? "",
    })),
  );
  const nextKey = useRef(rows.length);
  // An answer's errors name rules by their places when the form was sent; rows that come and go
  // since keep their own errors.
  const answered = useRef({ errors, keys: rows.map((row) => row.key) });
  if (answered.current.errors !== errors) {
    answered.current = { errors, keys: rows.map((row) => row.key) };
  }
  const box = useRef<HTMLDivElement>(null);
  const fetcher = useFetcher<Count>();
  const [changes, setChanges] = useState(0);
  const ask = fetcher.submit;

  // The live count: a moment after the last change to the rules, ask the server again.
  useEffect(() => {
    if (changes === 0) return;
    const timer = setTimeout(() => {
      const form = box.current?.closest("form");
      if (!form) return;
      const data = new FormData(form);
      data.set("intent", MEMBER_COUNT_INTENT);
      void ask(data, { method: "post" });
    }, 350);
    return () => clearTimeout(timer);
  }, [changes, ask]);

  const changed = () => {
    markDirty();
    setChanges((n) => n + 1);
  };
  const live = fetcher.data ?? counted;

  return (
    <>
      <Card title="Segment">
        <div className="mt-4 grid gap-4">
          <TextField {...useField("title")} label="Name" required maxLength={80} />
          <TextAreaField
            {...useField("description")}
            label="Description"
            hint="For staff: who this group is for."
            rows={2}
          />
        </div>
      </Card>
      <Card
        title="Rules"
        description="A customer is in the segment when every rule holds. Guests and erased customers never are."
      >
        <div ref={box} className="mt-4 grid gap-4" onChange={changed}>
          {errors.rules && <p className="font-medium text-error">{errors.rules.join(" ")}</p>}
          <ol className="grid gap-4">
            {rows.map((row, position) => {
              const type = row.type as SegmentRuleType;
              const name = (field: string) => ruleName(position, field);
              const sent = answered.current.keys.indexOf(row.key);
              const rowErrors = (field: string) =>
                sent < 0 ? undefined : errors[ruleName(sent, field)];
              // A row the page was drawn with shows what it held; a row added since, nothing.
              const field = (key: string) => ({
                name: name(key),
                defaultValue: values[ruleName(row.key, key)] ?? "",
                errors: rowErrors(key),
              });
              return (
                <li
                  key={row.key}
                  className="grid gap-3 rounded-lg border border-line p-4 sm:grid-cols-[14rem_minmax(0,1fr)_auto] sm:items-end"
                >
                  <SelectField
                    name={name("type")}
                    errors={rowErrors("type")}
                    label={`Rule ${position + 1}`}
                    options={RULE_TYPES}
                    value={type}
                    onChange={(event) =>
                      setRows(
                        rows.map((other) =>
                          other.key === row.key ? { ...other, type: event.target.value } : other,
                        ),
                      )
                    }
                  />
                  {type === "bought-from-band" && (
                    <SelectField
                      {...field("brandId")}
                      label="Band"
                      options={bands}
                      placeholder="Choose a band"
                    />
                  )}
                  {type === "spent-over" && (
                    <MoneyField
                      {...field("amount")}
                      label="Lifetime spend over"
                      hint="Paid, less refunds."
                    />
                  )}
                  {type === "ordered-within" && (
                    <TextField
                      {...field("days")}
                      label="Days"
                      hint="A paid order in this many days."
                      inputMode="numeric"
                    />
                  )}
                  {type === "signed-up-after" && (
                    <TextField
                      {...field("date")}
                      label="Date"
                      type="date"
                      hint="A day in London."
                    />
                  )}
                  {type === "marketing-consent" && (
                    <SelectField {...field("consent")} label="Consent" options={CONSENT} />
                  )}
                  {![
                    "bought-from-band",
                    "spent-over",
                    "ordered-within",
                    "signed-up-after",
                    "marketing-consent",
                  ].includes(type) && <span />}
                  <Button
                    type="submit"
                    name="intent"
                    value={`remove-rule:${position}`}
                    variant="secondary"
                    size="sm"
                    disabled={rows.length === 1}
                    onClick={(event) => {
                      event.preventDefault();
                      setRows(rows.filter((other) => other.key !== row.key));
                      changed();
                    }}
                  >
                    Remove<span className="sr-only"> rule {position + 1}</span>
                  </Button>
                </li>
              );
            })}
          </ol>
          <div className="flex flex-wrap items-end gap-3">
            <SelectField
              name="newRuleType"
              label="Add a rule"
              options={RULE_TYPES}
              defaultValue="bought-from-band"
              className="min-w-56"
            />
            <Button
              type="submit"
              name="intent"
              value="add-rule"
              variant="secondary"
              onClick={(event) => {
                event.preventDefault();
                const form = box.current?.closest("form");
                const picked = form ? new FormData(form).get("newRuleType") : null;
                const type = typeof picked === "string" ? picked : "marketing-consent";
                setRows([...rows, { key: nextKey.current, type }]);
                nextKey.current += 1;
                changed();
              }}
            >
              Add rule
            </Button>
          </div>
        </div>
      </Card>
      <Card title="Members">
        <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
          <p aria-live="polite" className="text-sm">
            {live?.count !== undefined ? (
              <>
                <span className="text-2xl font-bold tabular-nums" data-testid="member-count">
                  {live.count}
                </span>{" "}
                {live.count === 1 ? "customer is" : "customers are"} in this segment now.
              </>
            ) : live?.message ? (
              <span className="text-error">{live.message}</span>
            ) : (
              <span className="text-muted">Count the members to see who the rules hold.</span>
            )}
            {fetcher.state !== "idle" && <span className="ml-2 text-muted">Counting…</span>}
          </p>
          <Button
            type="submit"
            name="intent"
            value={MEMBER_COUNT_INTENT}
            variant="secondary"
            size="sm"
          >
            Count members
          </Button>
        </div>
        {live?.sample && live.sample.length > 0 && (
          <ul className="mt-3 grid gap-1 text-sm text-muted">
            {live.sample.map((member) => (
              <li key={member.id}>
                {member.name} · {member.email}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
