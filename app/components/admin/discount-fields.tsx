import { useEffect, useId, useState } from "react";
import {
  DISCOUNT_SCOPE_LABELS,
  DISCOUNT_SCOPE_VALUES,
  DISCOUNT_UNIT_TYPE_LABELS,
  DISCOUNT_UNIT_TYPES,
  ELIGIBLE_USER_GROUP_LABELS,
  ELIGIBLE_USER_GROUPS,
} from "../../../common/discount-choices";
import type { DiscountTarget } from "../../../common/discounts-admin";
import type { Page } from "../../../common/pagination";
import { apiGet } from "../../lib/api-client";
import { Button } from "../ui/button";
import { MoneyField, SelectField, TextAreaField, TextField } from "../ui/form";
import { useField, useFieldName, useFieldValue, useMarkDirty } from "./resource-form";
import { Card } from "./screen-header";

const UNIT_TYPES = DISCOUNT_UNIT_TYPES.map((id) => ({ id, title: DISCOUNT_UNIT_TYPE_LABELS[id] }));
const GROUPS = ELIGIBLE_USER_GROUPS.map((id) => ({ id, title: ELIGIBLE_USER_GROUP_LABELS[id] }));
const SCOPES = DISCOUNT_SCOPE_VALUES.map((id) => ({ id, title: DISCOUNT_SCOPE_LABELS[id] }));
const KINDS: Record<DiscountTarget["kind"], { label: string; path: string }> = {
  brand: { label: "Band", path: "/brands" },
  product: { label: "Product", path: "/products" },
  collection: { label: "Collection", path: "/product-collections" },
};

/** The value of a code: a percentage, or an amount in pounds. */
function ValueField() {
  const [unitType, setUnitType] = useState(useFieldValue("unitType") || "percentage");
  const value = useField("value");
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <SelectField
        {...useField("unitType")}
        label="Type"
        options={UNIT_TYPES}
        onChange={(event) => setUnitType(event.currentTarget.value)}
      />
      {unitType === "fixed" ? (
        <MoneyField {...value} label="Amount off" hint="In pounds, such as 5.00." required />
      ) : (
        <TextField
          {...value}
          label="Percentage off"
          hint="A whole number from 1 to 100."
          inputMode="numeric"
          required
        />
      )}
    </div>
  );
}

/** Who may use the code; a segment's select when it is limited to one. */
function EligibilityFields({ segments }: { segments: Array<{ id: string; title: string }> }) {
  const [group, setGroup] = useState(useFieldValue("eligibleGroup") || "everyone");
  const segment = useField("segmentId");
  return (
    <>
      <SelectField
        {...useField("eligibleGroup")}
        label="Who may use it"
        options={GROUPS}
        onChange={(event) => setGroup(event.currentTarget.value)}
      />
      {group === "segment" ? (
        <SelectField
          {...segment}
          label="Segment"
          placeholder="Choose a segment"
          options={segments}
          hint={segments.length ? undefined : "There are no segments yet: add one under Segments."}
        />
      ) : (
        <input type="hidden" name={segment.name} value="" />
      )}
    </>
  );
}

/**
 * The bands, products and collections a "selected" code covers, picked by search. The choice is
 * kept as JSON in one hidden field, so a refused save keeps it; without JavaScript the code keeps
 * the targets it has.
 */
function TargetPicker() {
  const field = useField("targets");
  const markDirty = useMarkDirty();
  const [targets, setTargets] = useState<DiscountTarget[]>(() => {
    try {
      return JSON.parse(field.defaultValue || "[]") as DiscountTarget[];
    } catch {
      return [];
    }
  });
  const [kind, setKind] = useState<DiscountTarget["kind"]>("brand");
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<Array<{ id: number; title: string }>>([]);
  const id = useId();
  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setFound([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      apiGet<Page<{ id: number; title: string }>>("staff", KINDS[kind].path, { q, perPage: 8 })
        .then((page) => current && setFound(page.data))
        .catch(() => current && setFound([]));
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [kind, query]);
  const chosen = (target: { id: number }, of: DiscountTarget["kind"]) =>
    targets.some((entry) => entry.kind === of && entry.id === target.id);
  const add = (target: { id: number; title: string }) => {
    if (chosen(target, kind)) return;
    setTargets([...targets, { kind, id: target.id, title: target.title }]);
    markDirty();
  };
  const remove = (target: DiscountTarget) => {
    setTargets(targets.filter((entry) => !(entry.kind === target.kind && entry.id === target.id)));
    markDirty();
  };
  return (
    <fieldset
      className="space-y-3"
      aria-describedby={field.errors?.length ? `${id}-errors` : undefined}
    >
      <legend className="font-semibold">Applies to</legend>
      <input type="hidden" name={field.name} value={JSON.stringify(targets)} />
      {targets.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen bands, products and collections">
          {targets.map((target) => (
            <li
              key={`${target.kind}-${target.id}`}
              className="inline-flex items-center gap-2 rounded-full bg-zinc-100 py-1 pr-1 pl-3 text-sm"
            >
              <span>
                <span className="text-muted">{KINDS[target.kind].label}:</span> {target.title}
              </span>
              <button
                type="button"
                onClick={() => remove(target)}
                className="min-h-6 min-w-6 rounded-full px-2 font-bold hover:bg-zinc-200"
                aria-label={`Remove ${target.title}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">Nothing chosen yet.</p>
      )}
      <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <SelectField
          name="targetKind"
          label="Find a"
          value={kind}
          options={Object.entries(KINDS).map(([value, { label }]) => ({ id: value, title: label }))}
          onChange={(event) => setKind(event.currentTarget.value as DiscountTarget["kind"])}
        />
        <TextField
          name="targetSearch"
          label="Search"
          type="search"
          value={query}
          autoComplete="off"
          hint="Type two letters or more."
          onChange={(event) => setQuery(event.currentTarget.value)}
          onKeyDown={(event) => event.key === "Enter" && event.preventDefault()}
        />
      </div>
      {found.length > 0 && (
        <ul
          className="divide-y divide-line rounded-lg ring-1 ring-line"
          aria-label="Search results"
        >
          {found.map((result) => (
            <li key={result.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <span>{result.title}</span>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={chosen(result, kind)}
                onClick={() => add(result)}
              >
                {chosen(result, kind) ? "Added" : "Add"}
                <span className="sr-only"> {result.title}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {field.errors?.length ? (
        <p id={`${id}-errors`} className="font-medium text-error">
          {field.errors.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}

/** What the code takes money off: the whole basket, or only the chosen items. */
function ScopeFields() {
  const [scope, setScope] = useState(useFieldValue("scope") || "basket");
  const scopeName = useFieldName("scope");
  const targetsName = useFieldName("targets");
  return (
    <>
      <fieldset>
        <legend className="font-semibold">Takes money off</legend>
        <div className="mt-2 flex flex-wrap gap-6">
          {SCOPES.map((choice) => (
            <label key={choice.id} className="flex items-center gap-2">
              <input
                type="radio"
                name={scopeName}
                value={choice.id}
                checked={scope === choice.id}
                onChange={() => setScope(choice.id)}
                className="h-5 w-5 accent-ink"
              />
              {choice.title}
            </label>
          ))}
        </div>
      </fieldset>
      {scope === "selected" ? (
        <TargetPicker />
      ) : (
        <input type="hidden" name={targetsName} value="[]" />
      )}
    </>
  );
}

/**
 * Every rule of a code but the code itself (a generated batch's codes share them). Limits are
 * left out for a batch: each of its codes is used once.
 */
export function DiscountRuleFields({
  segments,
  limits = true,
}: {
  segments: Array<{ id: string; title: string }>;
  limits?: boolean;
}) {
  return (
    <>
      <Card title="Value">
        <ValueField />
        <MoneyField
          {...useField("minSubtotal")}
          label="Minimum spend"
          hint="On the items the code covers. Leave empty for none."
        />
      </Card>
      <Card title="Scope">
        <ScopeFields />
      </Card>
      <Card title="Eligibility and limits">
        <EligibilityFields segments={segments} />
        {limits && <LimitFields />}
      </Card>
      <Card title="Active dates" description="London time. Leave the start empty to start now.">
        <DateFields />
      </Card>
    </>
  );
}

/** How often a code may be used, in all and by one customer. */
function LimitFields() {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        {...useField("usageLimit")}
        label="Usage limit"
        hint="Uses in all. Leave empty for no limit."
        inputMode="numeric"
      />
      <TextField
        {...useField("perCustomerLimit")}
        label="Uses per customer"
        hint="Leave empty for no limit."
        inputMode="numeric"
      />
    </div>
  );
}

/** When the code is live, on London's clock. */
function DateFields() {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField {...useField("startsAt")} label="Starts" type="datetime-local" />
      <TextField
        {...useField("endsAt")}
        label="Ends"
        type="datetime-local"
        hint="Leave empty to run until ended."
      />
    </div>
  );
}

/** A single code's form: its code and description, then its rules. */
export function DiscountFields({ segments }: { segments: Array<{ id: string; title: string }> }) {
  return (
    <>
      <Card title="Details">
        <TextField
          {...useField("code")}
          label="Code"
          hint="What shoppers type: letters, digits, hyphens and underscores. Saved in capitals."
          maxLength={50}
          autoCapitalize="characters"
          spellCheck={false}
          required
          className="[&_input]:font-mono [&_input]:uppercase"
        />
        <TextAreaField
          {...useField("description")}
          label="Description"
          hint="Shown to the shopper with the discount, e.g. “Tour week: 15% off”."
          rows={2}
          maxLength={500}
        />
      </Card>
      <DiscountRuleFields segments={segments} />
    </>
  );
}
