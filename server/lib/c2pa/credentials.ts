import fs from 'node:fs';
import path from 'node:path';
import { createPrivateKey, createPublicKey, sign, webcrypto, type KeyObject } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { CoseAlgorithmIdentifier, type Signer } from '@trustnxt/c2pa-ts/cose';
import type { Logger } from '../logger.ts';
import { createDevelopmentCertificate } from './dev-certificate.ts';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

/** The development identity under DATA_DIR/c2pa: the signer's and the root's certificates, then the key. */
export const DEVELOPMENT_FILE = 'development-signer.pem';

/** The signing identity: the key, its certificate and the chain carried in each manifest (as configured). */
export interface SigningCredentials {
  signer: Signer;
  /** Common name of the signing certificate, for the start-up log line. */
  subject: string;
  /** True for the development root and signer made on first start. */
  development: boolean;
}

export interface CredentialSettings {
  /** PEM text, or a path to a PEM file: the signing certificate first, then its chain. */
  certPem?: string | undefined;
  /** PEM text, or a path to a PEM file: the private key (PKCS#8, or SEC 1 for an EC key). */
  keyPem?: string | undefined;
  /** Where the development certificate is kept (DATA_DIR/c2pa). */
  devDir: string;
}

/** A value that is PEM text is used as it is (with literal "\n" from a one-line variable turned into breaks). */
export function readPem(value: string): string {
  const text = value.includes('-----BEGIN') ? value : fs.readFileSync(value, 'utf8');
  return text.replace(/\\n/g, '\n');
}

/**
 * The configured credentials, else the development ones under devDir, made on first start and kept so
 * every copy signing from the same data folder signs as the same (untrusted) issuer. Production never
 * gets here without its own credentials: the environment check refuses to start (server/env.ts).
 */
export async function loadSigningCredentials(
  settings: CredentialSettings,
  logger?: Logger,
): Promise<SigningCredentials> {
  if (settings.certPem && settings.keyPem) {
    return fromPem(readPem(settings.certPem), readPem(settings.keyPem), false);
  }
  // One file (chain, then key) written under a temporary name and renamed: a web and a worker process
  // starting together on one data folder may each make one, but neither can read half of a pair.
  const file = path.join(settings.devDir, DEVELOPMENT_FILE);
  if (!fs.existsSync(file)) {
    const made = await createDevelopmentCertificate();
    fs.mkdirSync(settings.devDir, { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(tmp, made.certPem + made.keyPem, { mode: 0o600 });
    fs.renameSync(tmp, file);
    logger?.warn(
      { file },
      'C2PA: made a self-signed development certificate (set C2PA_CERT_PEM and C2PA_KEY_PEM)',
    );
  }
  const text = fs.readFileSync(file, 'utf8');
  return fromPem(text, text, true);
}

export function fromPem(certText: string, keyText: string, development: boolean): SigningCredentials {
  const blocks = certText.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new Error('C2PA_CERT_PEM holds no PEM certificate');
  const [certificate, ...chain] = blocks.map((b) => new x509.X509Certificate(b));
  const keyBlock = /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]+?-----END [A-Z ]*PRIVATE KEY-----/.exec(keyText);
  if (!keyBlock) throw new Error('C2PA_KEY_PEM holds no PEM private key');
  const key = createPrivateKey(keyBlock[0]);
  const algorithm = coseAlgorithm(key);
  const hash = algorithm === CoseAlgorithmIdentifier.ES384 ? 'sha384' : 'sha256';
  const signer: Signer = {
    algorithm,
    certificate: certificate!,
    chainCertificates: chain,
    // Node's signer, not the library's: c2pa-ts 0.9.4 writes ECDSA signatures DER-encoded, which C2PA
    // readers refuse (COSE wants r|s, IEEE P1363); decision 0190.
    sign: (payload) =>
      Promise.resolve(
        new Uint8Array(
          key.asymmetricKeyType === 'ed25519'
            ? sign(null, payload, key)
            : sign(hash, payload, { key, dsaEncoding: 'ieee-p1363' }),
        ),
      ),
  };
  if (!matches(certificate!, key))
    throw new Error('C2PA_KEY_PEM is not the key of the C2PA_CERT_PEM certificate');
  const subject = certificate!.subjectName.getField('CN')[0] ?? certificate!.subject;
  return { signer, subject, development };
}

/** ES256 (P-256), ES384 (P-384) or Ed25519: the algorithms C2PA allows that Node signs without a library. */
function coseAlgorithm(key: KeyObject): CoseAlgorithmIdentifier {
  if (key.asymmetricKeyType === 'ed25519') return CoseAlgorithmIdentifier.Ed25519;
  const curve = key.asymmetricKeyDetails?.namedCurve;
  if (key.asymmetricKeyType === 'ec' && curve === 'prime256v1') return CoseAlgorithmIdentifier.ES256;
  if (key.asymmetricKeyType === 'ec' && curve === 'secp384r1') return CoseAlgorithmIdentifier.ES384;
  throw new Error(
    `C2PA_KEY_PEM: a ${[key.asymmetricKeyType ?? 'unknown', curve].filter(Boolean).join(' ')} key is not supported (use EC P-256, P-384 or Ed25519)`,
  );
}

function matches(certificate: x509.X509Certificate, key: KeyObject): boolean {
  const fromKey = createPublicKey(key).export({ type: 'spki', format: 'der' });
  return Buffer.from(certificate.publicKey.rawData).equals(fromKey);
}
