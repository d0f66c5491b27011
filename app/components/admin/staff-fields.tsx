import { useId } from "react";
import { STAFF_ROLE_LABELS } from "../../../common/staff-roles";
import { TextField } from "../ui/form";
import { useField } from "./resource-form";
import { Card } from "./screen-header";

const ROLES = [
  {
    value: "staff",
    label: STAFF_ROLE_LABELS.staff,
    description:
      "Manages the catalogue, the media library, orders and content. Cannot delete records or manage staff.",
  },
  {
    value: "admin",
    label: STAFF_ROLE_LABELS.admin,
    description:
      "Everything staff can do, plus deleting records and inviting, changing and deactivating staff.",
  },
] as const;

/** The role as a choice of two, each saying what it allows. */
export function RoleField() {
  const { name, defaultValue, errors } = useField("role");
  const id = useId();
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="font-semibold">Role</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {ROLES.map((role) => (
          <label
            key={role.value}
            className="flex cursor-pointer gap-3 rounded-lg p-4 ring-1 ring-line has-[:checked]:bg-zinc-50 has-[:checked]:ring-2 has-[:checked]:ring-ink"
          >
            <input
              type="radio"
              name={name}
              value={role.value}
              defaultChecked={defaultValue === role.value}
              aria-invalid={errorId ? true : undefined}
              className="mt-1 h-5 w-5 shrink-0 accent-ink"
            />
            <span>
              <span className="block font-semibold">{role.label}</span>
              <span className="mt-0.5 block text-sm text-muted">{role.description}</span>
            </span>
          </label>
        ))}
      </div>
      {errorId && (
        <p id={errorId} className="mt-1 text-sm font-medium text-error">
          {errors?.join(" ")}
        </p>
      )}
    </fieldset>
  );
}

/** A staff account's fields: the invitation has an email; your own account has no role. */
export function StaffFields({ invite, showRole }: { invite: boolean; showRole: boolean }) {
  const email = useField("email");
  return (
    <Card title={invite ? "Who to invite" : "Account"}>
      <TextField
        {...useField("name")}
        label="Name"
        hint="As colleagues know them; the audit log names them by email."
        autoComplete="off"
        maxLength={100}
        required
      />
      {invite && (
        <TextField
          {...email}
          label="Email"
          type="email"
          hint="They are sent a link to choose their password. The link lasts 72 hours."
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          required
        />
      )}
      {showRole && <RoleField />}
    </Card>
  );
}
