import fs from 'node:fs';
import { createRequire } from 'node:module';
import { initSync, WasmReader } from '@contentauth/c2pa-wasm';

// The independent reader of Content Credentials: c2pa-rs (the C2PA reference implementation) built to
// WebAssembly, a different code base from the writer (c2pa-ts). Decision 0190.

let ready = false;
function init(): void {
  if (ready) return;
  const wasm = createRequire(import.meta.url).resolve('@contentauth/c2pa-wasm/c2pa.wasm');
  initSync({ module: fs.readFileSync(wasm) });
  ready = true;
}

export interface StatusEntry {
  code: string;
  url?: string;
  explanation?: string;
}

export interface ReadCredential {
  /** c2pa-rs: "Invalid", "Valid" (well-formed, signature and bindings check out) or "Trusted". */
  state: string;
  /** Every failure c2pa-rs reports for the active manifest. */
  failures: StatusEntry[];
  successes: StatusEntry[];
  manifest: {
    claim_version: number;
    claim_generator_info: { name: string }[];
    assertions: { label: string; data: Record<string, unknown> }[];
    ingredients: { title: string; format: string; relationship: string; description?: string }[];
    signature_info: { alg: string; common_name: string };
  };
}

/**
 * Reads and validates the manifest store of a JPEG. `trustAnchors` (PEM) makes c2pa-rs also check the
 * chain up to those roots; without it the signer is reported untrusted and nothing else changes.
 */
export async function readCredential(jpeg: Uint8Array, trustAnchors?: string): Promise<ReadCredential> {
  init();
  const settings = trustAnchors
    ? JSON.stringify({ verify: { verify_trust: true }, trust: { user_anchors: trustAnchors } })
    : undefined;
  const reader = await WasmReader.fromBytes('image/jpeg', jpeg, settings);
  try {
    const store = JSON.parse(reader.json()) as {
      active_manifest: string;
      manifests: Record<string, ReadCredential['manifest']>;
      validation_state: string;
      validation_results: { activeManifest: { failure: StatusEntry[]; success: StatusEntry[] } };
    };
    return {
      state: store.validation_state,
      failures: store.validation_results.activeManifest.failure,
      successes: store.validation_results.activeManifest.success,
      manifest: store.manifests[store.active_manifest]!,
    };
  } finally {
    reader.free();
  }
}

/** The JPEG without its APP11 segments (where C2PA keeps the manifest store): what it was before signing. */
export function withoutApp11(jpeg: Uint8Array): Buffer {
  const parts: Uint8Array[] = [jpeg.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff && jpeg[at + 1] !== 0xda) {
    const end = at + 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
    if (jpeg[at + 1] !== 0xeb) parts.push(jpeg.subarray(at, end));
    at = end;
  }
  parts.push(jpeg.subarray(at));
  return Buffer.concat(parts);
}

/** The root (last) certificate of a PEM chain, to hand the reader as its trust anchor. */
export const rootOf = (chainPem: string): string =>
  chainPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)!.at(-1)!;

/** c2pa-rs shows byte strings as b64'…'. */
export const b64 = (bytes: Uint8Array): string => `b64'${Buffer.from(bytes).toString('base64')}'`;

export const codes = (entries: StatusEntry[]): string[] => entries.map((e) => e.code);
