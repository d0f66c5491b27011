import { isRouteErrorResponse, useRouteError } from "react-router";
import { AppLink } from "../ui/app-link";
import { buttonClasses } from "../ui/button";
import { ScreenHeader } from "./screen-header";

/**
 * A back-office screen that failed (a record that does not exist, a refusal), shown inside the
 * back office with its navigation, and a way back to the list it came from.
 */
export function ScreenError({ back }: { back: { to: string; label: string } }) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string"
      ? error.data
      : "Something went wrong on our side. Please try again.";
  return (
    <>
      <ScreenHeader
        title={status === 404 ? "Not found" : "This screen could not be shown"}
        back={back}
      />
      <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-line">
        <p className="text-xs font-bold tracking-wider text-muted uppercase">Error {status}</p>
        <p className="mt-2 break-words">{message}</p>
        <AppLink to={back.to} className={`mt-4 ${buttonClasses("secondary", "sm")}`}>
          Back to {back.label.toLowerCase()}
        </AppLink>
      </section>
    </>
  );
}
