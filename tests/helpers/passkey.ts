/**
 * TEST FIXTURE (not a secret): the demo passkey's key pair (emulator/seed.ts `DEMO_PASSKEY`, the member
 * `DEMO_LOGINS.passkey`), committed so a test can sign in with it: a Chromium virtual authenticator
 * (`WebAuthn.addCredential` with {@link DEMO_PASSKEY_PRIVATE_KEY_PKCS8}) or {@link signAssertion} in Node. The
 * emulator's seed imports only the public part. Never use this key anywhere but the emulator.
 */
import { createHash, createPrivateKey, sign } from 'node:crypto';
import { DEMO_PASSKEY } from '../../emulator/seed.ts';

export { DEMO_PASSKEY };

/** The private key, PKCS#8 DER, standard base64 (what `WebAuthn.addCredential`'s `privateKey` takes). */
export const DEMO_PASSKEY_PRIVATE_KEY_PKCS8 =
  'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgs3BWMFacvNhR7s8SWiw2kmyXQZzVBuf7lF0ze45Qr6ehRANCAAS+Bt63Q0SjikHbpGxTeEAx7l0CZjW8CLJ5xsGYTfmoppj4gxTWx6xsUTgLX+ZTtyOiu2a9j0RQMh8UASEMODfF';

/**
 * The credential for Chromium's devtools protocol (`WebAuthn.addCredential`) on `rpId` (the page's host): a resident
 * credential of the demo passkey member (`userHandle` its member id, base64).
 */
export function virtualCredential(rpId: string, userHandle: string, signCount = 0) {
  return {
    credentialId: Buffer.from(DEMO_PASSKEY.credentialId, 'base64url').toString('base64'),
    isResidentCredential: true,
    rpId,
    privateKey: DEMO_PASSKEY_PRIVATE_KEY_PKCS8,
    userHandle: Buffer.from(userHandle).toString('base64'),
    signCount,
  };
}

/**
 * A WebAuthn assertion (`PublicKeyCredential.toJSON()` as a string) signed in Node with a P-256 key (the demo passkey
 * by default): authenticatorData = sha256(rpId) ‖ flags (user present, verified) ‖ signCount; the signature is ES256
 * (DER) over authenticatorData ‖ sha256(clientDataJSON).
 */
export function signAssertion(opts: {
  challenge: string;
  origin: string;
  rpId: string;
  signCount: number;
  credentialId?: string;
  privateKeyPkcs8?: string;
  type?: string;
}): string {
  const clientDataJSON = Buffer.from(
    JSON.stringify({
      type: opts.type ?? 'webauthn.get',
      challenge: opts.challenge,
      origin: opts.origin,
      crossOrigin: false,
    }),
  );
  const count = Buffer.alloc(4);
  count.writeUInt32BE(opts.signCount);
  const authenticatorData = Buffer.concat([
    createHash('sha256').update(opts.rpId).digest(),
    Buffer.from([0x05]), // UP | UV
    count,
  ]);
  const key = createPrivateKey({
    key: Buffer.from(opts.privateKeyPkcs8 ?? DEMO_PASSKEY_PRIVATE_KEY_PKCS8, 'base64'),
    format: 'der',
    type: 'pkcs8',
  });
  const signature = sign(
    'sha256',
    Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]),
    key,
  );
  const id = opts.credentialId ?? DEMO_PASSKEY.credentialId;
  return JSON.stringify({
    id,
    rawId: id,
    type: 'public-key',
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: clientDataJSON.toString('base64url'),
      authenticatorData: authenticatorData.toString('base64url'),
      signature: signature.toString('base64url'),
    },
  });
}
