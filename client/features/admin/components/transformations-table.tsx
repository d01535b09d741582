import { useState } from 'react';
import { Wrench } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TableCell, TableRow } from '#client/components/ui/table.tsx';
import { useAdminTransformations } from '../api/queries.ts';
import { PersonOrId } from './person-or-id.tsx';
import { titleCase } from '#client/lib/format.ts';
import { capitalize, shortId, statusVariant, tableDate } from '../format.ts';
import { AdminTableFrame } from './admin-table-frame.tsx';
import { FixTransformationDialog } from './fix-transformation-dialog.tsx';

const COLUMNS = ['ID', 'User', 'Style', 'Room Type', 'Status', 'Created', 'Regenerations', 'Actions'];

export function TransformationsTable({ enabled }: { enabled: boolean }) {
  const query = useAdminTransformations(enabled);
  const [fixId, setFixId] = useState<string | null>(null);
  const rows = query.data ?? [];
  const fixing = rows.find((r) => r.id === fixId) ?? null;

  return (
    <>
      <AdminTableFrame
        label="Transformations"
        columns={COLUMNS}
        query={query}
        emptyText="No transformations yet."
      >
        {(r) => (
          <TableRow key={r.id}>
            <TableCell className="font-mono text-xs" title={r.id}>
              {shortId(r.id)}
            </TableCell>
            <TableCell className="text-xs" title={r.userId}>
              <PersonOrId email={r.userEmail} id={r.userId} />
            </TableCell>
            <TableCell>{capitalize(r.style)}</TableCell>
            <TableCell>{titleCase(r.roomType)}</TableCell>
            <TableCell>
              <Badge variant={statusVariant(r.status)} title={r.errorMessage ?? undefined}>
                {r.status}
              </Badge>
            </TableCell>
            <TableCell className="whitespace-nowrap tabular-nums">{tableDate(r.createdAt)}</TableCell>
            <TableCell className="tabular-nums">{r.regenerationCount}</TableCell>
            <TableCell className="text-right">
              {/* Fix is offered only while the status is failed. */}
              {r.status === 'failed' && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setFixId(r.id)}
                  aria-label={`Fix ${shortId(r.id)}`}
                >
                  <Wrench aria-hidden /> Fix
                </Button>
              )}
            </TableCell>
          </TableRow>
        )}
      </AdminTableFrame>
      <FixTransformationDialog transformation={fixing} onClose={() => setFixId(null)} />
    </>
  );
}
