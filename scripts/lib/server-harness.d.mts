// Types of server-harness.mjs for the TypeScript callers (the masked-engine e2e spec).
export interface StartedServer {
  baseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  pid: number | undefined;
  stop(): Promise<void>;
}
export function freePort(): Promise<number>;
export function startServer(opts?: {
  env?: Record<string, string>;
  label?: string;
  quiet?: boolean;
  healthTimeoutMs?: number;
}): Promise<StartedServer>;
