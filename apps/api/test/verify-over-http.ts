/**
 * Verifies a new account of a running server (development or test: the dev outbox answers this
 * machine only) the way its owner would: the link of the mailed verification, opened by the browser
 * that holds the registration's refresh cookie. The first proof of the address ends every earlier
 * session, and that browser gets a new one: its access token is the answer. For the chaos run and the
 * benches, which sign up through HTTP.
 */
export async function verifyOverHttp(baseUrl: string, email: string, refreshToken: string): Promise<string> {
  const outbox = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const mails = ((await outbox.json()) as { data?: { kind: string; links: string[] }[] }).data ?? [];
  const link = mails.find((m) => m.kind === 'verify_email')?.links[0];
  if (!link) throw new Error(`no verification mail for ${email} (${outbox.status})`);
  const res = await fetch(`${baseUrl}/api/v1/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `helo_refresh=${refreshToken}` },
    body: JSON.stringify({ token: new URL(link).searchParams.get('token') }),
  });
  const answer = (await res.json()) as { data?: { session?: { access_token: string } } };
  const accessToken = answer.data?.session?.access_token;
  if (!res.ok || !accessToken) throw new Error(`verify-email for ${email}: ${res.status} ${JSON.stringify(answer)}`);
  return accessToken;
}
