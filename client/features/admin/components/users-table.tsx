import { useState } from 'react';
import { Search, Settings2 } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { TableCell, TableRow } from '#client/components/ui/table.tsx';
import { useDebounced } from '#client/hooks/use-debounced.ts';
import { useAdminUsers } from '../api/queries.ts';
import { capitalize, fullName, planVariant, shortId } from '../format.ts';
import { AdminTableFrame } from './admin-table-frame.tsx';
import { ManageUserDialog } from './manage-user-dialog.tsx';

const COLUMNS = ['User', 'Email', 'Role', 'Status', 'Plan', 'Credits', 'Usage', 'Actions'];

export function UsersTable({ enabled }: { enabled: boolean }) {
  const [search, setSearch] = useState('');
  const query = useAdminUsers(enabled, useDebounced(search.trim(), 300));
  const [managedId, setManagedId] = useState<string | null>(null);
  const users = query.data ?? [];
  // Read from the list, so the dialog shows each change once the list has refreshed.
  const managed = users.find((u) => u.id === managedId) ?? null;

  return (
    <div className="space-y-3">
      <div className="relative max-w-sm">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search by email or name"
          aria-label="Search users"
          className="pl-9"
        />
      </div>
      <AdminTableFrame
        label="Users"
        columns={COLUMNS}
        query={query}
        emptyText={search ? 'No users match this search.' : 'No users yet.'}
      >
        {(u) => (
          <TableRow key={u.id}>
            <TableCell>
              <div className="font-medium whitespace-nowrap">{fullName(u)}</div>
              <div className="font-mono text-xs text-muted-foreground" title={u.id}>
                {shortId(u.id)}
              </div>
            </TableCell>
            <TableCell className="max-w-[240px] truncate" title={u.email ?? undefined}>
              {u.email || <span className="text-muted-foreground">No email</span>}
            </TableCell>
            <TableCell>
              <Badge variant={u.role === 'admin' ? 'default' : 'outline'}>{capitalize(u.role)}</Badge>
            </TableCell>
            <TableCell>
              <Badge variant={u.isActive ? 'success' : 'destructive'}>
                {u.isActive ? 'Active' : 'Inactive'}
              </Badge>
            </TableCell>
            <TableCell>
              <Badge variant={planVariant(u.subscriptionPlan)}>{u.subscriptionPlan}</Badge>
            </TableCell>
            <TableCell className="tabular-nums">{u.creditsBalance.toLocaleString('en-US')}</TableCell>
            <TableCell className="tabular-nums">{u.monthlyUsage.toLocaleString('en-US')}</TableCell>
            <TableCell className="text-right">
              <Button
                size="sm"
                variant="outline"
                onClick={() => setManagedId(u.id)}
                aria-label={`Manage ${u.email}`}
              >
                <Settings2 aria-hidden /> Manage
              </Button>
            </TableCell>
          </TableRow>
        )}
      </AdminTableFrame>
      <ManageUserDialog user={managed} onClose={() => setManagedId(null)} />
    </div>
  );
}
