import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { ArrowLeft, ScrollText, ShieldCheck, Users, Images } from 'lucide-react';
import { IconTile } from '#client/components/icon-tile.tsx';
import { ButtonLink } from '#client/components/button-link.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { PageSpinner } from '#client/components/page-spinner.tsx';
import { useAdminStats } from '#client/features/admin/api/queries.ts';
import { AuditTable } from '#client/features/admin/components/audit-table.tsx';
import { EngineHealthCard } from '#client/features/admin/components/engine-health-card.tsx';
import { StatCards } from '#client/features/admin/components/stat-cards.tsx';
import { TransformationsTable } from '#client/features/admin/components/transformations-table.tsx';
import { UsersTable } from '#client/features/admin/components/users-table.tsx';
import { useAuth } from '#client/hooks/use-auth.ts';
import { toast } from '#client/hooks/use-toast.ts';
import { usePageMeta } from '#client/hooks/use-page-meta.ts';

/** Sends anyone but an admin to /dashboard with the spec's toast, once the role is known. */
function useAdminGate() {
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();
  const isAdmin = user?.role === 'admin';
  const warned = useRef(false);
  useEffect(() => {
    if (isLoading || isAdmin || warned.current) return;
    warned.current = true;
    toast({
      title: 'Access Denied',
      description: 'You need admin privileges to access this page.',
      variant: 'destructive',
    });
    navigate('/dashboard');
  }, [isLoading, isAdmin, navigate]);
  return isAdmin;
}

export default function AdminPage() {
  usePageMeta('Admin Dashboard', 'Users, transformations and the audit log.');
  const isAdmin = useAdminGate();
  // Admin data is requested only once the current user is known to be an admin.
  const stats = useAdminStats(isAdmin);
  if (!isAdmin) return <PageSpinner />;

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 lg:px-8">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <IconTile icon={ShieldCheck} className="bg-primary text-primary-foreground" />
          <div>
            <h1 className="text-2xl font-bold tracking-tight">Admin Dashboard</h1>
            <p className="text-sm text-muted-foreground">Users, transformations and every admin action.</p>
          </div>
        </div>
        <ButtonLink href="/dashboard" variant="outline" icon={ArrowLeft}>
          Back to Dashboard
        </ButtonLink>
      </header>

      <StatCards stats={stats.data} />

      <EngineHealthCard enabled={isAdmin} />

      <Tabs defaultValue="users">
        {/* Three equal columns on phones (icons hidden so "Transformations" fits), inline from sm up. */}
        <TabsList
          aria-label="Admin sections"
          className="grid w-full grid-cols-3 sm:inline-flex sm:w-auto [&_svg]:hidden sm:[&_svg]:block [&>button]:px-1.5 [&>button]:text-xs sm:[&>button]:px-3 sm:[&>button]:text-sm"
        >
          <TabsTrigger value="users">
            <Users aria-hidden /> Users
          </TabsTrigger>
          <TabsTrigger value="transformations">
            <Images aria-hidden /> Transformations
          </TabsTrigger>
          <TabsTrigger value="audit">
            <ScrollText aria-hidden /> Audit Logs
          </TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <UsersTable enabled={isAdmin} />
        </TabsContent>
        <TabsContent value="transformations">
          <TransformationsTable enabled={isAdmin} />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTable enabled={isAdmin} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
