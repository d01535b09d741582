import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fromRoot } from '#server/lib/paths.ts';

export interface ServerProcess {
  child: ChildProcess;
  /** Parsed JSON log lines so far. */
  logs: Record<string, unknown>[];
  /** Resolves with the first log line (past or future) that matches. */
  waitForLog(
    match: (line: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
}

/**
 * Starts `server/index.ts` (web + workers) or `server/worker.ts` from source as ONE node process
 * (node --import tsx, not the tsx CLI, which would put a second process in between), so a SIGKILL
 * kills exactly the process that runs the jobs.
 */
export function startServerProcess(entry: 'index' | 'worker', env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', fromRoot(`server/${entry}.ts`)], {
    cwd: fromRoot(),
    env: { NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const waiters: {
    match: (l: Record<string, unknown>) => boolean;
    resolve: (l: Record<string, unknown>) => void;
  }[] = [];
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const text = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(text) as Record<string, unknown>;
      } catch {
        continue;
      }
      logs.push(line);
      for (const w of [...waiters]) if (w.match(line)) w.resolve(line);
    }
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    logs,
    exited,
    waitForLog(match, timeoutMs = 120_000) {
      const found = logs.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`no matching log line within ${timeoutMs} ms; stderr: ${stderr.slice(-2000)}`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (l) => {
            clearTimeout(timer);
            resolve(l);
          },
        });
      });
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
