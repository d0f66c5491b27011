import { AppNavLink } from "../ui/app-link";
import { type BackOfficeSection, sectionPath, sectionsFor } from "./sections";

const LINK =
  "flex min-h-9 items-center justify-between gap-2 whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-semibold text-zinc-700 hover:bg-zinc-200/70 hover:text-ink aria-[current=page]:bg-white aria-[current=page]:text-ink aria-[current=page]:shadow-sm aria-[current=page]:ring-1 aria-[current=page]:ring-line";

function SectionLink({ section }: { section: BackOfficeSection }) {
  return (
    <AppNavLink to={sectionPath(section)} end={!section.slug} className={LINK}>
      {section.label}
    </AppNavLink>
  );
}

const LIST = "flex gap-1 lg:flex-col lg:gap-0.5";

/**
 * The back office's navigation: every section the staff member's `role` may open (admins' own
 * sections are left out for others), the catalogue's grouped under a heading. The
 * current section is marked `aria-current="page"` (also on its records' pages). One list of links
 * in reading order, so Tab walks it after the skip link: a sidebar on wide screens, a row that
 * scrolls sideways on narrow ones (no JavaScript needed for either).
 */
export function BackOfficeNav({ role }: { role: string }) {
  const sections = sectionsFor(role);
  const plain = sections.filter((section) => !section.group);
  const [overview, ...rest] = plain;
  const catalogue = sections.filter((section) => section.group === "Catalogue");
  return (
    <nav aria-label="Back office" className="overflow-x-auto pb-1 lg:overflow-visible lg:pb-0">
      <ul className={LIST}>
        {overview && (
          <li>
            <SectionLink section={overview} />
          </li>
        )}
        <li className="lg:mt-4">
          <p
            id="back-office-catalogue"
            className="mb-1 hidden px-3 text-xs font-bold tracking-wider text-muted uppercase lg:block"
          >
            Catalogue
          </p>
          <ul aria-labelledby="back-office-catalogue" className={LIST}>
            {catalogue.map((section) => (
              <li key={section.slug}>
                <SectionLink section={section} />
              </li>
            ))}
          </ul>
        </li>
        {rest.map((section, index) => (
          <li
            key={section.slug}
            className={index === 0 ? "lg:mt-3 lg:border-t lg:border-line lg:pt-3" : undefined}
          >
            <SectionLink section={section} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
