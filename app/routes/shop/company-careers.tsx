import { PageHeading } from "../../components/page-heading";
import { buttonClasses } from "../../components/ui/button";
import { RichText } from "../../components/ui/rich-text";
import { content } from "../../lib/content.server";
import { formatLongDate, londonToday } from "../../lib/dates";
import { screenMeta } from "../../lib/meta";
import type { Route } from "./+types/company-careers";

export const meta = screenMeta("Careers", {
  description: "Work with Encore in Manchester: how we work and the roles we are hiring for.",
});

/** Where applications go (the careers text says so too). */
const CAREERS_EMAIL = "careers@encore.example";

export async function loader({ context }: Route.LoaderArgs) {
  const pages = content(context);
  const [intro, roles] = await Promise.all([
    pages.getPage("company/careers"),
    pages.listOpenRoles(londonToday()),
  ]);
  return { intro: intro?.html ?? null, roles };
}

/** The company and its open roles, each with a way to apply by email. */
export default function CompanyCareers({ loaderData }: Route.ComponentProps) {
  const { intro, roles } = loaderData;
  return (
    <>
      <PageHeading title="Careers" intro="Help us get official merch to fans across the UK." />
      {intro && <RichText html={intro} className="max-w-3xl text-lg" />}
      <section aria-labelledby="open-roles" className="mt-12">
        <h2 id="open-roles" className="font-display text-2xl">
          Open roles
        </h2>
        {roles.length === 0 ? (
          <p className="mt-3 text-muted">
            We are not hiring right now. You are welcome to send a CV to{" "}
            <a href={`mailto:${CAREERS_EMAIL}`} className="underline">
              {CAREERS_EMAIL}
            </a>{" "}
            all the same.
          </p>
        ) : (
          <ul className="mt-5 space-y-4">
            {roles.map((role) => (
              <li key={role.slug} className="rounded-2xl bg-white p-6 ring-1 ring-line">
                <h3 className="text-xl font-bold">{role.title}</h3>
                <p className="mt-1 text-sm text-muted">
                  {[role.team, role.location, role.employment].join(" · ")}
                </p>
                <p className="mt-3">{role.summary}</p>
                <dl className="mt-3 flex flex-wrap gap-x-8 gap-y-1 text-sm">
                  <div>
                    <dt className="inline font-semibold">Salary: </dt>
                    <dd className="inline">{role.salary}</dd>
                  </div>
                  <div>
                    <dt className="inline font-semibold">Closes: </dt>
                    <dd className="inline">{formatLongDate(`${role.closesOn}T12:00:00Z`)}</dd>
                  </div>
                </dl>
                <details className="mt-4">
                  <summary className="cursor-pointer font-semibold underline">
                    Read the full role
                  </summary>
                  <RichText html={role.body} className="mt-3 max-w-3xl" />
                </details>
                <a
                  href={`mailto:${CAREERS_EMAIL}?subject=${encodeURIComponent(`Application: ${role.title}`)}`}
                  className={`mt-5 ${buttonClasses()}`}
                >
                  Apply by email<span className="sr-only"> for {role.title}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
