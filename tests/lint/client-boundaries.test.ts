// The client's import boundaries are enforced by the project's own lint configuration (eslint.config.js
// with eslint/client-boundaries.js): a wrong import fails, an allowed one passes.
import { describe, expect, it } from 'vitest';
import { boundaryErrors as errorsOf } from './boundary-errors.ts';

const boundaryErrors = (code: string, filePath: string) =>
  errorsOf('client-boundaries/imports', code, filePath);

describe('client import boundaries', () => {
  it('refuses a feature importing another feature, by alias or by relative path', async () => {
    const byAlias = await boundaryErrors(
      "import { useCheckoutResult } from '#client/features/billing/api.ts';\nexport const x = useCheckoutResult;\n",
      'client/features/dashboard/api.ts',
    );
    expect(byAlias).toEqual([
      'client/features/dashboard may not import another feature (client/features/billing). A feature imports only ' +
        'its own folder, client/components, client/lib, client/hooks and shared/; move what both need into one of those.',
    ]);
    const byPath = await boundaryErrors(
      "import { usePlans } from '../../billing/api.ts';\nexport const x = usePlans;\n",
      'client/features/dashboard/components/card-grid.tsx',
    );
    expect(byPath).toHaveLength(1);
  });

  it('refuses a shared layer importing a feature, a route importing the app shell, client code importing the server', async () => {
    expect(
      await boundaryErrors(
        "import { useAuth } from '#client/features/auth/api.ts';\nexport const x = useAuth;\n",
        'client/lib/site.ts',
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "import { AppRoutes } from '#client/app/routes.tsx';\nexport const x = AppRoutes;\n",
        'client/routes/admin/admin-page.tsx',
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "import { loadEnv } from '#server/env.ts';\nexport const x = loadEnv;\n",
        'client/features/staging/api.ts',
      ),
    ).toHaveLength(1);
  });

  it('allows a feature its own folder, the shared layers and shared/', async () => {
    const code = [
      "import { usageSchema } from '#shared/schemas/staging.ts';",
      "import { Button } from '#client/components/ui/button.tsx';",
      "import { useAuth } from '#client/hooks/use-auth.ts';",
      "import { apiParsed } from '#client/lib/api.ts';",
      "import { useUsage } from '../../../hooks/use-usage.ts';",
      "import { displayTitle } from '../display-title.ts';",
      "import { useTransformations } from '#client/features/dashboard/api.ts';",
      'export const all = [usageSchema, Button, useAuth, apiParsed, useUsage, displayTitle, useTransformations];',
      '',
    ].join('\n');
    expect(await boundaryErrors(code, 'client/features/dashboard/components/card-grid.tsx')).toEqual([]);
  });

  it('allows a route to use features', async () => {
    const code = "import { usePlans } from '#client/features/billing/api.ts';\nexport const x = usePlans;\n";
    expect(await boundaryErrors(code, 'client/routes/billing/pricing-page.tsx')).toEqual([]);
  });
});
