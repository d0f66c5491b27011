import { isRefusal, refuse } from "../../common/refusal.ts";
import type { StaffMember } from "../../common/staff.ts";
import {
  createStaffMember,
  findStaffMember,
  findUserByEmail,
  listStaff,
  type StaffListQuery,
  updateStaffMember,
} from "../customers/index.ts";
import type { ResourceService } from "../http/resource.ts";
import { revokeTokensOf, sendPasswordLink } from "./password-links.ts";
import type { StaffInviteInput, StaffUpdateInput } from "./validators.ts";

const NOT_YOURSELF =
  "You cannot deactivate your own account or change your own role. Ask another admin.";
const NOT_DELETED =
  "Staff accounts are deactivated, not deleted, so the audit log keeps naming who did what.";

/**
 * Back-office accounts as admins manage them (issue 14, decision 0014): an invitation by mailed
 * link (the invited person chooses their password), renaming, a change of role, deactivation
 * (every token stops at once) and reactivation. Nobody changes their own role or switches
 * themselves off: as only an active admin can make these changes, the shop always keeps one.
 */
export const staffService: ResourceService<
  StaffListQuery,
  StaffMember,
  StaffMember,
  StaffInviteInput,
  StaffUpdateInput
> = {
  list: listStaff,
  edit: findStaffMember,

  async create(tx, input, { actor, config }) {
    const created = await createStaffMember(tx, input);
    if (isRefusal(created)) return created;
    const user = await findUserByEmail(tx, created.email);
    if (!user) throw new Error("The invited account was not written");
    await sendPasswordLink(
      tx,
      user,
      { purpose: "invite", invitedBy: actor.email },
      config.publicUrl,
    );
    return created;
  },

  async update(tx, input, { actor }) {
    const before = await findStaffMember(tx, input.id);
    if (!before) return refuse("not-found", "No such staff member.");
    const demoted = input.role !== undefined && input.role !== before.role;
    const switchedOff = input.active === false && before.active;
    if (input.id === actor.id && (demoted || switchedOff)) return refuse("conflict", NOT_YOURSELF);
    const now = new Date();
    const updated = await updateStaffMember(tx, input, now);
    if (!updated) return refuse("not-found", "No such staff member.");
    if (switchedOff) await revokeTokensOf(tx, updated.id, now);
    return updated;
  },

  destroy: async () => refuse("conflict", NOT_DELETED),
};
