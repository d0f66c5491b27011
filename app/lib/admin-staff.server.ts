import { data } from "react-router";
import { StaffAccountForm } from "../../common/staff-forms";
import { staffAccountRoutes } from "../../server/auth/api.ts";
import type { AdminActionData } from "../components/admin/screen-types";
import {
  mayCall,
  redirectWithFlash,
  resourceScreens,
  type ScreenArgs,
  type ScreenContext,
} from "./admin-resource.server";
import { failureMessage, readForm, runFormRoute } from "./form-route.server";
import { requireId } from "./route-params";
import { requireSession } from "./session.server";

/** The staff screens (issue 14): the staff API's `staff` resource, as /admin/staff. */
export const staffScreens = resourceScreens({
  routes: staffAccountRoutes,
  path: "/admin/staff",
  noun: "staff member",
  plural: "staff",
  label: (member) => member.name,
  // The invitation has all three; the edit form has no email, and none of the role for yourself.
  form: StaffAccountForm,
  messages: {
    created: (member) =>
      `Invited ${member.name}. They have been emailed a link to choose their password.`,
    saved: (member) => `Saved ${member.name}.`,
  },
});

/** The signed-in staff member's account id, to tell their own row and record apart. */
export const ownId = (context: ScreenContext) => requireSession(context).user.id;

/** Whether this staff member may invite and change staff (admins: `writeAccess: "admin"`). */
export const mayManageStaff = (context: ScreenContext) =>
  mayCall(staffScreens.routes.store, context);

/** The edit page's loader: the account, and whether it is your own (no role or access change). */
export async function staffRecord(args: ScreenArgs) {
  const screen = await staffScreens.record(args);
  return { ...screen, isSelf: screen.record.id === ownId(args.context) };
}

/** The invitation page: for admins only, as the API's store route is. */
export function blankInvite(context: ScreenContext) {
  if (!mayManageStaff(context)) {
    throw data("Only admins may invite staff.", { status: 403 });
  }
  return { ...staffScreens.blank(), values: { name: "", email: "", role: "staff" } };
}

/** What the access control's action answers when it does not redirect. */
export type AccessActionData = {
  intent: "confirm-deactivate" | "confirm-reactivate" | "access";
  message?: string;
};

const ACCESS_INTENTS = new Set([
  "confirm-deactivate",
  "deactivate",
  "confirm-reactivate",
  "reactivate",
]);

/**
 * The edit page's action: deactivating or reactivating the account (asking first; without
 * JavaScript the first post answers the question), or else the form's save. Both run the staff
 * API's update route in process, so its rules hold: admins only, and nobody switches themselves
 * off or changes their own role (a 409 whose message the page shows).
 */
export async function staffEditAction(args: ScreenArgs) {
  const { request, context } = args;
  const intent = (await readForm(request.clone())).get("intent");
  if (typeof intent !== "string" || !ACCESS_INTENTS.has(intent)) return staffScreens.edit(args);
  const id = requireId(args);
  if (!mayManageStaff(context)) {
    return data<AccessActionData>(
      { intent: "access", message: "Only admins may deactivate or reactivate staff." },
      { status: 403 },
    );
  }
  if (intent.startsWith("confirm-")) {
    return data<AccessActionData>({ intent: intent as AccessActionData["intent"] });
  }
  const active = intent === "reactivate";
  const result = await runFormRoute(staffScreens.routes.update, request, context, {
    area: "staff",
    body: () => ({ id, active }),
  });
  if (!result.ok) {
    return data<AccessActionData | AdminActionData>(
      { intent: "access", message: failureMessage(result, "Nothing was changed.") },
      { status: result.status, headers: result.headers },
    );
  }
  const member = result.value;
  return redirectWithFlash(
    context,
    `/admin/staff/${member.id}`,
    active
      ? `Reactivated ${member.name}. They can sign in again.`
      : `Deactivated ${member.name}. They were signed out everywhere and cannot sign in.`,
  );
}
