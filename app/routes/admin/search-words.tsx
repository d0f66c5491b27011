import { Form, useNavigation } from "react-router";
import { ScreenError } from "../../components/admin/screen-error";
import { Card, ScreenHeader } from "../../components/admin/screen-header";
import type { AdminActionData } from "../../components/admin/screen-types";
import { Button } from "../../components/ui/button";
import { ErrorSummary, TextAreaField } from "../../components/ui/form";
import { saveSearchWords, searchWordsScreen } from "../../lib/admin-search-words.server";
import { formPageHeaders } from "../../lib/form-headers";
import { errorMeta, pageMeta } from "../../lib/meta";
import { robotsNoindex } from "../../lib/seo";
import type { Route } from "./+types/search-words";

export const meta = ({ error }: Route.MetaArgs) =>
  error ? errorMeta(error) : [...pageMeta("Search words"), robotsNoindex()];
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = (args: Route.LoaderArgs) => searchWordsScreen(args);
export const action = (args: Route.ActionArgs) => saveSearchWords(args);

/**
 * Search words (issue 29): the words fans type for the same thing, a group a line. A search for
 * any word of a line finds what the others find: "tee" finds T-shirts.
 */
export default function SearchWords({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as AdminActionData | undefined;
  const navigation = useNavigation();
  const errors = result?.errors ?? {};
  const failed = Boolean(result?.message || Object.keys(errors).length);
  return (
    <>
      <ScreenHeader
        title="Search words"
        intro="Words fans type for the same thing. A search for any word of a line also finds what the other words of that line find: with “tee, t-shirt, tshirt”, a search for “tee” finds every T-shirt."
      />
      <Card>
        <Form method="post" noValidate className="grid gap-4">
          {failed && (
            <ErrorSummary
              message={result?.message}
              errors={errors}
              labels={{ groups: { label: "Search words" } }}
              shown={result}
            />
          )}
          <TextAreaField
            name="groups"
            label="Search words"
            hint="One group a line, its words separated by commas. Letters, digits, spaces and hyphens only; two to 20 words a line."
            rows={Math.min(30, Math.max(10, loaderData.count + 3))}
            defaultValue={result?.values?.groups ?? loaderData.text}
            errors={errors.groups}
            className="font-mono text-sm"
            spellCheck={false}
          />
          <div>
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? "Saving…" : "Save search words"}
            </Button>
          </div>
        </Form>
      </Card>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={{ to: "/admin", label: "Overview" }} />;
}
