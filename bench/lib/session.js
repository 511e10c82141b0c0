// Signs in the way the web client does (Sanctum SPA flow) and keeps the cookies it is given.

/** Merges the response's Set-Cookie headers into the jar (a Map of name → value). */
function keepCookies(jar, res) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

const cookieHeader = (jar) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** Returns the Cookie header of a signed-in session for `email` (password "password"). */
export async function signIn(baseUrl, email) {
  const jar = new Map();
  const csrf = await fetch(`${baseUrl}/sanctum/csrf-cookie`);
  if (csrf.status !== 204) throw new Error(`GET /sanctum/csrf-cookie answered ${csrf.status}`);
  keepCookies(jar, csrf);
  const xsrf = jar.get('XSRF-TOKEN');
  if (!xsrf) throw new Error('GET /sanctum/csrf-cookie set no XSRF-TOKEN cookie');
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': decodeURIComponent(xsrf),
      cookie: cookieHeader(jar),
    },
    body: JSON.stringify({ email, password: 'password' }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${email} answered ${res.status}: ${await res.text()}`);
  keepCookies(jar, res); // the session id rotates on sign-in
  return cookieHeader(jar);
}

/** GET as JSON with the session; throws unless the answer is 200. */
export async function getJson(baseUrl, cookie, path) {
  const res = await fetch(`${baseUrl}${path}`, { headers: { cookie, accept: 'application/json' } });
  if (res.status !== 200)
    throw new Error(`GET ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res.json();
}

/** GET with the session, any content type (a PDF, a CSV); throws unless the answer is 200. */
export async function getOk(baseUrl, cookie, path) {
  const res = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  if (res.status !== 200)
    throw new Error(`GET ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  await res.arrayBuffer();
}
