// A browser-like client for the fleet test over node:http: cookies, the XSRF token the SPA echoes, and a new
// connection for every request (a browser resends a request whose reused connection the server closed; a
// fresh connection each time keeps a load test free of that race, which is the client's to handle).
import http from 'node:http';

/**
 * One request; resolves to its status, headers and body, or rejects on a connection error.
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, body: string }>}
 */
export function request(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

export class Client {
  /** @param {string} base the balancer's or one instance's address */
  constructor(base) {
    this.base = base;
    /** @type {Map<string, string>} */
    this.cookies = new Map();
  }

  /** The same session, talking to another address (an instance directly). */
  at(base) {
    const other = new Client(base);
    other.cookies = this.cookies;
    return other;
  }

  headers(method, extra = {}) {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    return {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      ...(xsrf && method !== 'GET' ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
      ...extra,
    };
  }

  keep(res) {
    const set = res.headers['set-cookie'] ?? [];
    for (const line of set) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async call(method, path, payload, extra = {}) {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const headers = this.headers(method, body ? { 'content-type': 'application/json', ...extra } : extra);
    return this.keep(await request(`${this.base}${path}`, { method, headers, body }));
  }

  get(path, extra) {
    return this.call('GET', path, undefined, extra);
  }

  post(path, payload = {}, extra) {
    return this.call('POST', path, payload, extra);
  }

  put(path, payload = {}) {
    return this.call('PUT', path, payload);
  }

  async signIn(email, password = 'password') {
    await this.get('/sanctum/csrf-cookie');
    const res = await this.post('/api/login', { email, password });
    if (res.status !== 200 && res.status !== 204)
      throw new Error(`sign-in of ${email}: ${String(res.status)} ${res.body}`);
    return res;
  }
}

/**
 * Opens the live new-order stream and collects its events until `close()`.
 * @returns {Promise<{ events: { event: string, data: string }[], status: number, close(): void }>}
 */
export function openStream(client) {
  return new Promise((resolve, reject) => {
    const url = `${client.base}/api/notifications/stream`;
    const req = http.request(url, {
      headers: client.headers('GET', { accept: 'text/event-stream' }),
      agent: false,
    });
    req.on('response', (res) => {
      const events = [];
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: data ?? '' });
        }
      });
      res.on('error', () => undefined);
      resolve({ events, status: res.statusCode ?? 0, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}
