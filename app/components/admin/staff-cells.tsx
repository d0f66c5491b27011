import type { StaffMember } from "../../../common/staff";
import { STAFF_ROLE_LABELS, STAFF_STATUS_LABELS } from "../../../common/staff-roles";
import { AppLink } from "../ui/app-link";
import { Badge } from "./cells";

/** A person's initials, for their round avatar: "Robin Picker" is "RP". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters
    .map((word) => word?.[0] ?? "")
    .join("")
    .toUpperCase();
}

/** A round avatar of a person's initials. Decorative: their name is beside it. */
export function Avatar({ name, size = "md" }: { name: string; size?: "md" | "lg" }) {
  return (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center rounded-full bg-zinc-800 font-bold text-white ${
        size === "lg" ? "h-14 w-14 text-lg" : "h-9 w-9 text-xs"
      }`}
    >
      {initialsOf(name) || "?"}
    </span>
  );
}

/** A staff member's name in the list: their avatar, a link to their account for admins, and "You". */
export function StaffName({
  member,
  isSelf,
  link,
}: {
  member: Pick<StaffMember, "id" | "name">;
  isSelf: boolean;
  link: boolean;
}) {
  return (
    <span className="flex items-center gap-3">
      <Avatar name={member.name} />
      {link ? (
        <AppLink to={`/admin/staff/${member.id}`} className="hover:underline">
          {member.name}
        </AppLink>
      ) : (
        <span>{member.name}</span>
      )}
      {isSelf && <Badge>You</Badge>}
    </span>
  );
}

/** A role as staff read it: admins may also delete records and manage staff. */
export function StaffRoleBadge({ role }: { role: StaffMember["role"] }) {
  return <Badge tone={role === "admin" ? "info" : "neutral"}>{STAFF_ROLE_LABELS[role]}</Badge>;
}

const STATUS_TONES = { deactivated: "danger", invited: "warning", active: "success" } as const;

/**
 * Where an account stands: deactivated (it cannot sign in), invited (the invited person has not
 * chosen a password yet) or active.
 */
export function StaffStatus({ member }: { member: Pick<StaffMember, "active" | "invited"> }) {
  const status = !member.active ? "deactivated" : member.invited ? "invited" : "active";
  return <Badge tone={STATUS_TONES[status]}>{STAFF_STATUS_LABELS[status]}</Badge>;
}
