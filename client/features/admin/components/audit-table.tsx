import { Badge } from '#client/components/ui/badge.tsx';
import { TableCell, TableRow } from '#client/components/ui/table.tsx';
import { useAdminAuditLogs } from '../api/queries.ts';
import { auditDate } from '../format.ts';
import { PersonOrId } from './person-or-id.tsx';
import { AdminTableFrame } from './admin-table-frame.tsx';

const COLUMNS = ['Timestamp', 'Admin', 'Action', 'Target', 'Details'];

export function AuditTable({ enabled }: { enabled: boolean }) {
  const query = useAdminAuditLogs(enabled);
  return (
    <AdminTableFrame
      label="Audit Logs"
      columns={COLUMNS}
      query={query}
      emptyText="No admin actions recorded yet."
    >
      {(r) => {
        const target = r.targetUserId ?? r.targetResourceId;
        return (
          <TableRow key={r.id} className="align-top">
            <TableCell className="align-top whitespace-nowrap tabular-nums">
              {auditDate(r.createdAt)}
            </TableCell>
            <TableCell className="align-top text-xs" title={r.adminUserId ?? undefined}>
              <PersonOrId email={r.adminEmail} id={r.adminUserId} />
            </TableCell>
            <TableCell className="align-top">
              <Badge variant="outline" className="font-mono font-medium">
                {r.action}
              </Badge>
            </TableCell>
            <TableCell className="align-top text-xs" title={target ?? undefined}>
              <PersonOrId email={r.targetUserEmail} id={target} />
            </TableCell>
            <TableCell className="align-top">
              <pre className="max-h-40 max-w-[420px] overflow-auto rounded-md bg-muted px-2 py-1.5 font-mono text-[11px] leading-snug">
                {JSON.stringify(r.details, null, 2)}
              </pre>
            </TableCell>
          </TableRow>
        );
      }}
    </AdminTableFrame>
  );
}
