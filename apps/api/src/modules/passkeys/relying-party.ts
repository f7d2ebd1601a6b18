/** Who the passkeys are for: the site of APP_URL. A passkey made for one host never works on another. */
export interface RelyingParty {
  /** The host name, without scheme or port (WebAuthn's RP ID). */
  id: string;
  name: string;
  /** The only origin whose pages may answer a challenge. */
  origin: string;
}

export function relyingParty(appUrl: string): RelyingParty {
  const url = new URL(appUrl);
  return { id: url.hostname, name: 'Helo', origin: url.origin };
}
