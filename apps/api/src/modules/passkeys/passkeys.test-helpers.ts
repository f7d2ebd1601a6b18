import type { LightMyRequestResponse } from 'fastify';
import { type CeremonyOverrides, SoftAuthenticator } from '../../../test/harness/soft-authenticator.ts';
import type { TestApp } from '../../../test/test-app.ts';

const AUTH = '/api/v1/auth';

export const post = (t: TestApp, url: string, payload?: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `${AUTH}${url}`,
    ...(payload ? { payload } : {}),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });

export const get = (t: TestApp, url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `${AUTH}${url}`, headers: { authorization: `Bearer ${token}` } });

export const del = (t: TestApp, url: string, token: string) =>
  t.app.inject({ method: 'DELETE', url: `${AUTH}${url}`, headers: { authorization: `Bearer ${token}` } });

function ok(res: LightMyRequestResponse, status = 200) {
  if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** The registration ceremony as the web page runs it: options, the authenticator, then the answer. */
export async function registerPasskey(
  t: TestApp,
  token: string,
  authenticator = new SoftAuthenticator(),
  name = 'My phone',
  overrides: CeremonyOverrides = {},
): Promise<LightMyRequestResponse> {
  const { options } = ok(await post(t, '/passkeys/options', undefined, token));
  const credential = authenticator.register(options, overrides);
  return post(t, '/passkeys', { name, credential }, token);
}

/** Adds a passkey and returns it (as the list shows it) with the authenticator that holds it. */
export async function addPasskey(
  t: TestApp,
  token: string,
  name = 'My phone',
  authenticator = new SoftAuthenticator(),
) {
  const passkey = ok(await registerPasskey(t, token, authenticator, name), 201) as { id: number; name: string };
  return { passkey, authenticator };
}

/** "Sign in with a passkey": options, the authenticator's answer, the sign-in. */
export async function passkeySignIn(
  t: TestApp,
  authenticator: SoftAuthenticator,
  overrides: CeremonyOverrides = {},
): Promise<LightMyRequestResponse> {
  const { challenge_id, options } = ok(await post(t, '/passkey-login/options'));
  return post(t, '/passkey-login', { challenge_id, credential: authenticator.authenticate(options, overrides) });
}
