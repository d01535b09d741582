export {
  loadSigningCredentials,
  fromPem,
  readPem,
  type CredentialSettings,
  type SigningCredentials,
} from './credentials.ts';
export { createDevelopmentCertificate } from './dev-certificate.ts';
export { signDelivered, ORIGINAL_HASH_KEY, type DeliveryManifest } from './sign-delivered.ts';
