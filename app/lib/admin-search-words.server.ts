import type { FieldErrors } from "../../common/refusal";
import { saveSynonymsRoute, synonymsRoute } from "../../server/catalog/staff-api.ts";
import {
  callRoute,
  failedAction,
  redirectWithFlash,
  runFormBody,
  type ScreenContext,
} from "./admin-resource.server";

/** The groups as the screen's box holds them: a group a line, its words separated by commas. */
export const groupsAsText = (groups: string[][]) =>
  groups.map((group) => group.join(", ")).join("\n");

/** The box's lines as groups (blank lines and empty words left out): the API checks the rest. */
const groupsOf = (typed: FormDataEntryValue | null) =>
  String(typed ?? "")
    .split(/\r?\n/)
    .map((line) =>
      line
        .split(",")
        .map((word) => word.trim())
        .filter(Boolean),
    )
    .filter((group) => group.length > 0);

/** The API's errors of `groups.3.1` as the box's, by the line a shopper's words are on. */
const onLines = (errors: FieldErrors): FieldErrors => {
  const messages = Object.entries(errors).flatMap(([path, said]) => {
    const line = /^groups\.(\d+)/.exec(path)?.[1];
    return said.map((message) =>
      line === undefined ? message : `Line ${Number(line) + 1}: ${message}`,
    );
  });
  return messages.length ? { groups: messages } : {};
};

/** The search words screen (issue 29): `/admin/search-words`. */

export async function searchWordsScreen({ context }: { context: ScreenContext }) {
  const answer = await callRoute(synonymsRoute, context, {});
  return { text: groupsAsText(answer.groups), count: answer.groups.length };
}

export async function saveSearchWords({
  request,
  context,
}: {
  request: Request;
  context: ScreenContext;
}) {
  const outcome = await runFormBody(saveSynonymsRoute, request, context, {
    body: (form) => ({ body: { groups: groupsOf(form.get("groups")) }, errorsAt: onLines }),
  });
  if (!outcome.ok) return failedAction(outcome, "save");
  const saved = outcome.value;
  return redirectWithFlash(
    context,
    "/admin/search-words",
    `Search words saved: ${saved.groups.length} ${saved.groups.length === 1 ? "group" : "groups"}.`,
  );
}
