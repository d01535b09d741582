import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;
/** id-kp-emailProtection: one of the extended key usages C2PA accepts for a claim signer. */
const EMAIL_PROTECTION = '1.3.6.1.5.5.7.3.4';

/**
 * A development signing identity: a self-signed root and an ES256 signing certificate it issued, with the
 * key usages C2PA validators check (digitalSignature, an allowed EKU, not a CA). C2PA readers refuse a
 * claim signed by a self-signed end certificate, so the signer is issued by a root instead; viewers then
 * report only that the root is not on their trust list, which is the truth for a development machine.
 */
export async function createDevelopmentCertificate(
  now = new Date(),
): Promise<{ certPem: string; keyPem: string }> {
  const notBefore = new Date(now.getTime() - DAY_MS);
  const notAfter = new Date(now.getTime() + 5 * 365 * DAY_MS);
  const rootKeys = await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: 'CN=Roomstage development root (untrusted), O=Roomstage development',
    notBefore,
    notAfter,
    keys: rootKeys,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const keys = await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
  const signer = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: 'CN=Roomstage development signer, O=Roomstage development',
    issuer: root.subject,
    notBefore,
    notAfter,
    signingKey: rootKeys.privateKey,
    publicKey: keys.publicKey,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([EMAIL_PROTECTION]),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const keyPem = `-----BEGIN PRIVATE KEY-----\n${pkcs8.toString('base64').replace(/.{64}/g, '$&\n')}\n-----END PRIVATE KEY-----\n`;
  // The chain as C2PA carries it: the signer first, then its issuer.
  return { certPem: `${signer.toString('pem')}\n${root.toString('pem')}\n`, keyPem };
}

/** A positive 64-bit serial in hex (RFC 5280: unique per issuer, at most 20 octets). */
const serial = () => '01' + Buffer.from(webcrypto.getRandomValues(new Uint8Array(8))).toString('hex');
