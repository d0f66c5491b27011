import { useLocation, useSearchParams } from "react-router";
import { AuditChanges } from "../../components/admin/audit-changes";
import { AuditFilters } from "../../components/admin/audit-filters";
import type { AuditLogRow } from "../../components/admin/audit-types";
import { Badge, LondonTime } from "../../components/admin/cells";
import { ResourceList } from "../../components/admin/resource-list";
import { ScreenHeader } from "../../components/admin/screen-header";
import { recordPath } from "../../components/admin/sections";
import { AppLink } from "../../components/ui/app-link";
import { tableColumns } from "../../components/ui/data-table";
import { auditLog } from "../../lib/admin-audit.server";
import { screenMeta } from "../../lib/meta";
import type { Route } from "./+types/audit-log";

export const meta = screenMeta("Audit log", { noindex: true });

export const loader = (args: Route.LoaderArgs) => auditLog(args);

const column = tableColumns<AuditLogRow>();
const ACTIONS = {
  create: { label: "Created", tone: "success" },
  update: { label: "Changed", tone: "info" },
  delete: { label: "Deleted", tone: "danger" },
} as const;

const columns = [
  column.accessor("createdAt", {
    header: "When",
    cell: ({ getValue }) => (
      <span className="font-normal whitespace-nowrap">
        <LondonTime iso={getValue()} />
      </span>
    ),
  }),
  column.accessor("actorEmail", {
    header: "Who",
    cell: ({ row }) => (
      <span className="break-all">
        {row.original.actorEmail}
        {row.original.actorId !== null && (
          <span className="block text-xs text-muted">Account {row.original.actorId}</span>
        )}
      </span>
    ),
  }),
  column.accessor("action", {
    header: "What",
    cell: ({ getValue, row }) => {
      const action = ACTIONS[getValue()];
      const { sourceLabel, sourceFile } = row.original;
      return (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={action.tone}>{action.label}</Badge>
          {/* Written by an import, not by hand on a screen (docs/architecture.md §5). */}
          {sourceLabel && (
            <>
              <Badge tone="warning">Import</Badge>
              <span className="text-xs text-muted">
                {sourceLabel}
                {sourceFile && <span className="block break-all">{sourceFile}</span>}
              </span>
            </>
          )}
        </span>
      );
    },
  }),
  column.accessor("label", {
    header: "Record",
    cell: ({ row }) => {
      const entry = row.original;
      const path =
        entry.action === "delete" ? undefined : recordPath(entry.resource, entry.resourceId);
      return (
        <span className="block min-w-40">
          <span className="block text-xs text-muted">
            {entry.kind} · {entry.resourceId}
          </span>
          {path ? (
            <AppLink to={path} className="font-semibold underline-offset-2 hover:underline">
              {entry.label}
            </AppLink>
          ) : (
            <span className="font-semibold">{entry.label}</span>
          )}
        </span>
      );
    },
  }),
  column.display({
    id: "changes",
    header: "Changes",
    cell: ({ row }) => <AuditChanges entry={row.original} />,
  }),
];

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  return (
    <>
      <ScreenHeader
        title="Audit log"
        intro="Every change staff make, newest first: who, what, when (London time) and the fields before and after."
      />
      <ResourceList
        screen={loaderData}
        caption="Changes, newest first"
        columns={columns}
        rowId={(entry) => String(entry.id)}
        filterForm={<AuditFilters pathname={pathname} search={search} />}
        empty="No change matches these filters."
      />
    </>
  );
}
