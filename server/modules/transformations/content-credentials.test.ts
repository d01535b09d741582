// Content Credentials written by c2pa-ts and read back by c2pa-rs (WebAssembly), decision 0190.
import { createHash, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIGITAL_SOURCE_TYPES } from '#shared/constants/content-credentials.ts';
import { b64, codes, readCredential, rootOf, withoutApp11 } from '#tests/helpers/c2pa-reader.ts';
import { smallFixture } from '#tests/helpers/staging.ts';
import {
  createDevelopmentCertificate,
  fromPem,
  loadSigningCredentials,
  signDelivered,
  type SigningCredentials,
} from '../../lib/c2pa/index.ts';
import { deliveryManifest } from './content-credentials.ts';

let dir: string;
let dev: SigningCredentials;
let photo: Buffer;
let original: Buffer;
const row = {
  id: '00000000-0000-4000-8000-000000000001',
  engine: 'local',
  originalImageUrl: 'originals/x.jpg',
  structureScore: '0.93',
  needsReview: false,
  reviewReasons: [],
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomstage-c2pa-'));
  dev = await loadSigningCredentials({ devDir: dir });
  photo = await smallFixture('empty-living-01.jpg', 800);
  original = await smallFixture('empty-living-01.jpg', 640);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const sign = (jpeg: Uint8Array, r = row, creds = dev) =>
  signDelivered(jpeg, deliveryManifest(r, { body: original, contentType: 'image/jpeg' }), creds);

describe('signDelivered', () => {
  it('writes a manifest the independent reader validates, untrusted only because the signer is a development one', async () => {
    const signed = await sign(photo);
    const read = await readCredential(signed);
    expect(read.state).toBe('Valid');
    expect(codes(read.failures)).toEqual(['signingCredential.untrusted']);
    expect(codes(read.successes)).toEqual(
      expect.arrayContaining([
        'claimSignature.validated',
        'assertion.dataHash.match',
        'assertion.hashedURI.match',
      ]),
    );
    // Only the manifest's APP11 segments were added: the image data is the delivered one, byte for byte.
    expect(withoutApp11(signed).equals(photo)).toBe(true);

    const m = read.manifest;
    expect(m.claim_version).toBe(2);
    expect(m.claim_generator_info[0]!.name).toBe('Roomstage');
    expect(m.signature_info).toMatchObject({ alg: 'Es256', common_name: 'Roomstage development signer' });
    expect(m.ingredients).toEqual([
      expect.objectContaining({ relationship: 'parentOf', format: 'image/jpeg' }),
    ]);
    const actions = m.assertions.find((a) => a.label === 'c2pa.actions.v2')!.data.actions as {
      action: string;
      digitalSourceType?: string;
      parameters?: { ingredients?: { url: string }[] };
    }[];
    expect(actions.map((a) => a.action)).toEqual(['c2pa.opened', 'c2pa.edited']);
    expect(actions[0]!.parameters!.ingredients![0]!.url).toBe(
      'self#jumbf=c2pa.assertions/c2pa.ingredient.v3',
    );
    expect(actions[1]!.digitalSourceType).toBe(DIGITAL_SOURCE_TYPES.composite3d);
    const staging = m.assertions.find((a) => a.label === 'app.roomstage.staging')!.data;
    expect(staging).toEqual({
      engine: 'local',
      original: { alg: 'sha256', hash: b64(createHash('sha256').update(original).digest()) },
      structureGuard: { verdict: 'passed', score: 0.93, reasons: [] },
    });
  });

  it('is trusted once the development root is a trust anchor', async () => {
    const chain = fs.readFileSync(path.join(dir, 'development-signer.pem'), 'utf8');
    const read = await readCredential(await sign(photo), rootOf(chain));
    expect(read.state).toBe('Trusted');
    expect(read.failures).toEqual([]);
  });

  it('names a generative engine and the guard finding', async () => {
    const signed = await sign(photo, {
      ...row,
      engine: 'gemini',
      needsReview: true,
      reviewReasons: ['camera-moved', 'not-a-reason'] as never[],
    });
    const m = (await readCredential(signed)).manifest;
    const edited = (m.assertions.find((a) => a.label === 'c2pa.actions.v2')!.data.actions as object[])[1];
    expect(edited).toMatchObject({
      digitalSourceType: DIGITAL_SOURCE_TYPES.generative,
      softwareAgent: { name: 'Google Gemini image model' },
    });
    expect(m.assertions.find((a) => a.label === 'app.roomstage.staging')!.data).toMatchObject({
      engine: 'gemini',
      structureGuard: { verdict: 'needs-review', reasons: ['camera-moved'] },
    });
  });

  it('breaks the hash binding when one byte of the image changes', async () => {
    const signed = await sign(photo);
    const end = signed.length;
    // Bytes of the compressed picture, after the manifest: each is covered by c2pa.hash.data.
    for (const at of [end - 200, Math.floor(end * 0.6)]) {
      const tampered = new Uint8Array(signed);
      tampered[at]! ^= 0x01;
      const read = await readCredential(tampered);
      expect(read.state, `byte ${at}`).toBe('Invalid');
      expect(codes(read.failures)).toContain('assertion.dataHash.mismatch');
    }
  });

  it('replaces the manifest of a JPEG signed before instead of stacking a second one', async () => {
    const twice = await sign(await sign(photo));
    expect(withoutApp11(twice).equals(photo)).toBe(true);
    expect((await readCredential(twice)).state).toBe('Valid');
  });
});

describe('signing credentials', () => {
  it('makes the development certificate once and signs with the same one after a restart', async () => {
    const again = await loadSigningCredentials({ devDir: dir });
    expect(dev.development).toBe(true);
    expect(again.signer.certificate.equal(dev.signer.certificate)).toBe(true);
    expect(fs.statSync(path.join(dir, 'development-signer.pem')).mode & 0o077).toBe(0);
    expect(fs.readdirSync(dir)).toEqual(['development-signer.pem']);
  });

  it("uses the operator's certificate and key, given as PEM text (one line with \\n) or as files", async () => {
    const made = await createDevelopmentCertificate();
    const oneLine = (s: string) => s.replace(/\n/g, '\\n');
    const fromValues = await loadSigningCredentials({
      certPem: oneLine(made.certPem),
      keyPem: oneLine(made.keyPem),
      devDir: path.join(dir, 'unused'),
    });
    expect(fromValues.development).toBe(false);
    expect(fs.existsSync(path.join(dir, 'unused'))).toBe(false);
    const certFile = path.join(dir, 'op.pem');
    const keyFile = path.join(dir, 'op.key');
    fs.writeFileSync(certFile, made.certPem);
    fs.writeFileSync(keyFile, made.keyPem);
    const fromFiles = await loadSigningCredentials({ certPem: certFile, keyPem: keyFile, devDir: dir });
    expect(fromFiles.signer.certificate.equal(fromValues.signer.certificate)).toBe(true);
    const read = await readCredential(await sign(photo, row, fromFiles), rootOf(made.certPem));
    expect(read.state).toBe('Trusted');
  });

  it('refuses a key that is not the certificate’s, or of a kind C2PA readers do not take from us', async () => {
    const made = await createDevelopmentCertificate();
    const other = await createDevelopmentCertificate();
    expect(() => fromPem(made.certPem, other.keyPem, false)).toThrow(/not the key of the C2PA_CERT_PEM/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    }) as string;
    expect(() => fromPem(made.certPem, rsa, false)).toThrow(/rsa key is not supported/);
    expect(() => fromPem('no certificate here', made.keyPem, false)).toThrow(/no PEM certificate/);
    expect(() => fromPem(made.certPem, made.certPem, false)).toThrow(/no PEM private key/);
  });
});
