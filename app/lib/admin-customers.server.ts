import { data } from "react-router";
import {
  customerListRoute,
  customerRoute,
  destroyCustomersRoute,
} from "../../server/customers/api.ts";
import { segmentRoutes } from "../../server/segments/api.ts";
import {
  callRoute,
  listAll,
  listQueryOf,
  loadList,
  mayCall,
  redirectWithFlash,
  type ScreenArgs,
} from "./admin-resource.server";
import { failureMessage, readForm, runFormRoute } from "./form-route.server";
import { requireId } from "./route-params";

const routes = {
  list: customerListRoute,
  edit: customerRoute,
  destroy: destroyCustomersRoute,
};

/** The customers table (issue 15): a page of the list, the segments to filter by, the CSV link. */
export async function customerList(args: Pick<ScreenArgs, "url" | "context">) {
  const screen = await loadList(routes.list, args);
  const segments = await listAll(segmentRoutes.list, args.context);
  const { page: _page, perPage: _perPage, ...filters } = listQueryOf(args.url);
  return {
    ...screen,
    segments: segments.map((segment) => ({ id: segment.id, title: segment.title })),
    csvUrl: `/api/staff/customers/export.csv?${new URLSearchParams(filters)}`,
  };
}

/** The customer page: the customer, and whether this staff member may erase them. */
export async function customerRecord(args: ScreenArgs) {
  const id = requireId(args);
  const customer = await callRoute(routes.edit, args.context, {
    params: { id },
  });
  return { customer, canErase: mayCall(routes.destroy, args.context) };
}

export type EraseActionData = { intent: "confirm-erase" | "erase"; message?: string };

/**
 * The customer page's action: erasure under UK GDPR, asking first (without JavaScript the first
 * post answers the question). Admins only, as the API's destroy route is; the customers list
 * after, with a message that names no one.
 */
export async function customerAction(args: ScreenArgs) {
  const { request, context } = args;
  const id = requireId(args);
  const intent = (await readForm(request.clone())).get("intent");
  if (!mayCall(routes.destroy, context)) {
    return data<EraseActionData>(
      { intent: "erase", message: "Only admins may erase customers." },
      { status: 403 },
    );
  }
  if (intent !== "erase") return data<EraseActionData>({ intent: "confirm-erase" });
  const result = await runFormRoute(routes.destroy, request, context, {
    area: "staff",
    body: () => ({ id }),
  });
  if (!result.ok) {
    return data<EraseActionData>(
      { intent: "erase", message: failureMessage(result, "Nothing was erased.") },
      { status: result.status, headers: result.headers },
    );
  }
  return redirectWithFlash(
    context,
    "/admin/customers",
    `Erased customer #${id}. Their personal data is gone; their orders stay, anonymised.`,
  );
}
