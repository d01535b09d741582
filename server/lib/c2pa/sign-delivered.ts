import { randomUUID } from 'node:crypto';
import { JPEG } from '@trustnxt/c2pa-ts/asset';
import { CBORBox, type IBox } from '@trustnxt/c2pa-ts/jumbf';
import {
  ActionAssertion,
  Assertion,
  ClaimVersion,
  DataHashAssertion,
  IngredientAssertion,
  ManifestStore,
  RelationshipType,
  type Action,
} from '@trustnxt/c2pa-ts/manifest';
import type { SigningCredentials } from './credentials.ts';

/** What the manifest of one delivered JPEG says; the caller (a module) decides the words. */
export interface DeliveryManifest {
  /** The software that signs, as viewers name it, and its version. */
  claimGenerator: { name: string; version: string };
  /** The unaltered photo the result was made from: opened, then edited. */
  original: {
    title: string;
    format: string;
    /** SHA-256 of its bytes, carried by the ingredient; null when they are no longer kept. */
    sha256: Uint8Array | null;
    description: string;
  };
  edit: {
    /** IPTC digital source type URL. */
    digitalSourceType: string;
    softwareAgent: string;
    description: string;
  };
  /** Assertions of our own: a reverse-domain label and plain CBOR-able data. */
  custom: { label: string; data: Record<string, unknown> }[];
}

/** Label of the metadata entry that carries the original's hash on the ingredient. */
export const ORIGINAL_HASH_KEY = 'app.roomstage.original';

/**
 * The JPEG with a signed C2PA manifest store in APP11 (JUMBF), replacing any it had: a claim v2 with
 * the original as a parentOf ingredient (its SHA-256 in the ingredient's metadata), the actions
 * c2pa.opened (that ingredient) then c2pa.edited (with the digital source type), the caller's own
 * assertions, and the hard binding c2pa.hash.data over every byte outside the manifest. The image data
 * is not re-encoded: only the APP11 segments are inserted.
 */
export async function signDelivered(
  jpeg: Uint8Array,
  manifestInfo: DeliveryManifest,
  credentials: SigningCredentials,
): Promise<Uint8Array> {
  const { signer } = credentials;
  const asset = new JPEG(jpeg);
  const store = new ManifestStore();
  const manifest = store.createManifest({
    claimVersion: ClaimVersion.V2,
    assetFormat: 'image/jpeg',
    instanceID: `xmp:iid:${randomUUID()}`,
    defaultHashAlgorithm: 'SHA-256',
    signer,
  });
  manifest.claim!.claimGeneratorName = manifestInfo.claimGenerator.name;
  manifest.claim!.claimGeneratorVersion = manifestInfo.claimGenerator.version;

  const { original, edit } = manifestInfo;
  const ingredient = IngredientAssertion.createV3(RelationshipType.ParentOf);
  ingredient.title = original.title;
  ingredient.format = original.format;
  ingredient.instanceID = `xmp:iid:${randomUUID()}`;
  ingredient.description = original.description;
  if (original.sha256)
    ingredient.metadata = { [ORIGINAL_HASH_KEY]: { alg: 'sha256', hash: original.sha256 } };
  manifest.addAssertion(ingredient);

  const actions = new ActionAssertion();
  actions.actions = [
    {
      action: 'c2pa.opened',
      parameters: {
        description: original.description,
        ingredients: [manifest.createAssertionReference(ingredient)],
      },
    },
    {
      action: 'c2pa.edited',
      parameters: { description: edit.description },
      digitalSourceType: edit.digitalSourceType,
      softwareAgent: { name: edit.softwareAgent },
    },
  ] as Action[];
  manifest.addAssertion(actions);

  for (const { label, data } of manifestInfo.custom) manifest.addAssertion(new CborAssertion(label, data));

  const binding = DataHashAssertion.create('SHA-256');
  manifest.addAssertion(binding);
  // Make room first: the hash covers the file with the manifest's segments in place (excluded by range).
  await asset.ensureManifestSpace(store.measureSize());
  await binding.updateWithAsset(asset);
  await manifest.sign(signer);
  await asset.writeManifestJUMBF(store.getBytes());
  return asset.getDataRange();
}

/** A plain CBOR assertion under our own label (c2pa-ts has classes only for the standard ones). */
class CborAssertion extends Assertion {
  // The JUMBF type of every CBOR assertion; taken from a standard one rather than spelt out.
  override uuid = new ActionAssertion().uuid;
  constructor(
    label: string,
    private data: Record<string, unknown>,
  ) {
    super();
    this.label = label;
  }
  readContentFromJUMBF(box: IBox): void {
    this.data = (box as CBORBox).content as Record<string, unknown>;
  }
  generateJUMBFBoxForContent(): IBox {
    const box = new CBORBox();
    box.content = this.data;
    return box;
  }
}
