import type { RouterContextProvider } from "react-router";
import type { DeliveryGroupEdit, DeliveryOptionEdit } from "../../common/delivery-admin";
import { penceAsPounds, poundsToPence } from "../../common/money";
import type { FieldErrors } from "../../common/refusal";
import { deliveryGroupRoutes, deliveryOptionRoutes } from "../../server/delivery/staff-api.ts";
import { type FormBody, listAll, mayCall, resourceScreens } from "./admin-resource.server";
import { BODY_READS_FIELDS } from "./form-fields.server";

type Context = Readonly<RouterContextProvider>;

const MONEY = "Enter an amount in pounds, such as 3.95.";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};
const whole = (typed: string | undefined) => {
  const trimmed = (typed ?? "").trim();
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : trimmed;
};
/** The API's errors of a list field (`countries.2`) beside the field itself. */
const onFields =
  (money: string[] = []) =>
  (errors: FieldErrors): FieldErrors => {
    const placed: FieldErrors = {};
    for (const [path, messages] of Object.entries(errors)) {
      const field = path.split(".")[0] ?? path;
      const own =
        money.includes(field) && messages.some((message) => /pence|number/i.test(message))
          ? [MONEY]
          : messages;
      placed[field] = [...(placed[field] ?? []), ...own];
    }
    return placed;
  };

/** The countries typed as ISO codes ("GB, IE, FR"), upper case, in the order typed. */
const countriesOf = (typed: string | undefined) =>
  (typed ?? "")
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);

/** Delivery groups' screens (issue 15): `/admin/delivery/groups/…`, listed on /admin/delivery. */
export const deliveryGroupScreens = resourceScreens({
  routes: deliveryGroupRoutes,
  path: "/admin/delivery",
  recordPath: (id) => `/admin/delivery/groups/${id}`,
  noun: "delivery group",
  plural: "delivery groups",
  label: (group) => group.title,
  form: BODY_READS_FIELDS,
  body: (form): FormBody => ({
    body: {
      title: text(form, "title") ?? "",
      position: whole(text(form, "position") || "0"),
      countries: countriesOf(text(form, "countries")),
      moveCountries: text(form, "moveCountries") === "true",
    },
    errorsAt: onFields(),
  }),
});

/** A group as its form's fields hold it. */
export const groupValues = (group?: DeliveryGroupEdit) => ({
  title: group?.title ?? "",
  position: String(group?.position ?? 0),
  countries: (group?.countries ?? []).join(", "),
  moveCountries: "",
});

/** Delivery options' screens (issue 15): `/admin/delivery/options/…`. */
export const deliveryOptionScreens = resourceScreens({
  routes: deliveryOptionRoutes,
  path: "/admin/delivery",
  recordPath: (id) => `/admin/delivery/options/${id}`,
  noun: "delivery option",
  plural: "delivery options",
  label: (option) => option.title,
  form: BODY_READS_FIELDS,
  body: (form): FormBody => {
    const money = (name: string, empty: null | undefined) => {
      const pence = poundsToPence(text(form, name));
      return pence === undefined ? empty : pence === null ? text(form, name) : pence;
    };
    const group = (text(form, "groupId") ?? "").trim();
    return {
      body: {
        groupId: /^\d{1,9}$/.test(group) ? Number(group) : group,
        title: text(form, "title") ?? "",
        carrier: text(form, "carrier") ?? "",
        price: money("price", undefined) ?? "",
        freeOver: money("freeOver", null),
        estimatedDaysMin: whole(text(form, "estimatedDaysMin")),
        estimatedDaysMax: whole(text(form, "estimatedDaysMax")),
        servesBfpo: text(form, "servesBfpo") === "true",
        position: whole(text(form, "position") || "0"),
        active: text(form, "active") === "true",
      },
      errorsAt: onFields(["price", "freeOver"]),
    };
  },
});

/** An option as its form's fields hold it: money in pounds. */
export const optionValues = (option?: DeliveryOptionEdit, groupId?: string) => ({
  groupId: option ? String(option.groupId) : (groupId ?? ""),
  title: option?.title ?? "",
  carrier: option?.carrier ?? "",
  price: penceAsPounds(option?.price),
  freeOver: penceAsPounds(option?.freeOver),
  estimatedDaysMin: option ? String(option.estimatedDaysMin) : "",
  estimatedDaysMax: option ? String(option.estimatedDaysMax) : "",
  servesBfpo: option?.servesBfpo ? "true" : "",
  position: String(option?.position ?? 0),
  active: option === undefined || option.active ? "true" : "",
});

/** Every group with its options, in checkout's order, for /admin/delivery. */
export async function deliveryOverview(context: Context) {
  const [groups, options] = await Promise.all([
    listAll(deliveryGroupRoutes.list, context, { sort: "position" }),
    listAll(deliveryOptionRoutes.list, context, { sort: "position" }),
  ]);
  return {
    groups: groups.map((group) => ({
      ...group,
      options: options.filter((option) => option.groupId === group.id),
    })),
    canAdd: mayCall(deliveryGroupRoutes.store, context),
  };
}

/** The groups, for an option's group select. */
export async function groupChoices(context: Context) {
  const groups = await listAll(deliveryGroupRoutes.list, context, {
    sort: "position",
  });
  return groups.map((group) => ({ id: String(group.id), title: group.title }));
}
