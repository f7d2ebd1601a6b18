import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for API tests: what a phone or a security key does for the browser,
 * done with node:crypto. ES256 (P-256) keys, 'none' attestation, discoverable credentials, a
 * signature counter that goes up by one per sign-in. Its answers are the JSON @simplewebauthn/browser
 * hands to our API, so the server's WebAuthn library checks them exactly as it checks a real device's.
 */

type CborValue = Parameters<typeof isoCBOR.encode>[0];

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (bytes: Uint8Array<ArrayBuffer>) => isoBase64URL.fromBuffer(bytes);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

export interface StoredCredential {
  id: string;
  rpId: string;
  /** base64url of the user handle the registration options gave. */
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

export interface CeremonyOverrides {
  /** The page's origin as the browser would report it (another site's page to test refusal). */
  origin?: string;
  /** The RP ID the authenticator hashes into its data (a passkey made for another site). */
  rpId?: string;
  /** Answer this challenge instead of the options' one. */
  challenge?: string;
  /** Sign with this credential rather than the first one that fits; at registration, reuse its id. */
  credentialId?: string;
  /** Whether the person was checked (PIN, biometrics); default as the authenticator is set up. */
  userVerified?: boolean;
}

export class SoftAuthenticator {
  readonly origin: string;
  /** A synced passkey (iCloud Keychain, Google Password Manager): backup eligible and backed up. */
  readonly backedUp: boolean;
  readonly userVerifying: boolean;
  readonly credentials: StoredCredential[] = [];

  constructor(options: { origin?: string; backedUp?: boolean; userVerifying?: boolean } = {}) {
    this.origin = options.origin ?? 'http://helo.test';
    this.backedUp = options.backedUp ?? false;
    this.userVerifying = options.userVerifying ?? true;
  }

  /** `navigator.credentials.create()`: a new key pair for the site and user the options name. */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    overrides: CeremonyOverrides = {},
  ): RegistrationResponseJSON {
    const rpId = overrides.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credentialId = overrides.credentialId ? isoBase64URL.toBuffer(overrides.credentialId) : randomBytes(32);
    const jwk = publicKey.export({ format: 'jwk' });
    const cosePublicKey = isoCBOR.encode(
      new Map<number, CborValue>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
        [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
      ]),
    );
    const credIdLength = Buffer.alloc(2);
    credIdLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.#flags(overrides) | FLAG_AT]),
      u32(0),
      Buffer.alloc(16), // AAGUID: none given, as with 'none' attestation
      credIdLength,
      credentialId,
      cosePublicKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const id = b64url(credentialId);
    this.credentials.push({ id, rpId, userHandle: options.user.id, privateKey, counter: 0 });
    const clientDataJSON = this.#clientData('webauthn.create', overrides.challenge ?? options.challenge, overrides);
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON,
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
        publicKeyAlgorithm: -7,
        authenticatorData: b64url(authData),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** `navigator.credentials.get()`: signs the challenge with a credential the options allow. */
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    overrides: CeremonyOverrides = {},
  ): AuthenticationResponseJSON {
    const allowed = options.allowCredentials?.map((c) => c.id);
    const credential = this.credentials.find((c) =>
      overrides.credentialId
        ? c.id === overrides.credentialId
        : (allowed === undefined || allowed.length === 0 || allowed.includes(c.id)) && c.rpId === options.rpId,
    );
    if (!credential) throw new Error('the soft authenticator holds no credential for these options');
    credential.counter += 1;
    const rpId = overrides.rpId ?? credential.rpId;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.#flags(overrides)]), u32(credential.counter)]);
    const clientDataJSON = this.#clientData('webauthn.get', overrides.challenge ?? options.challenge, overrides);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(isoBase64URL.toBuffer(clientDataJSON))]),
      credential.privateKey,
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  #flags(overrides: CeremonyOverrides): number {
    const verified = overrides.userVerified ?? this.userVerifying;
    return FLAG_UP | (verified ? FLAG_UV : 0) | (this.backedUp ? FLAG_BE | FLAG_BS : 0);
  }

  #clientData(type: string, challenge: string, overrides: CeremonyOverrides): string {
    const json = JSON.stringify({ type, challenge, origin: overrides.origin ?? this.origin, crossOrigin: false });
    return isoBase64URL.fromUTF8String(json);
  }
}
