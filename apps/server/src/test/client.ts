import type { InjectOptions, LightMyRequestResponse } from 'fastify';

import type { App } from '../app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser-like client over app.inject: keeps cookies, sends the web client's headers and echoes the
 * XSRF-TOKEN cookie in X-XSRF-TOKEN, the way the SPA does.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: App,
    readonly ip = '127.0.0.1',
  ) {}

  get xsrf(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  async request(method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const options: InjectOptions = {
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        accept: 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(this.xsrf && method !== 'GET' ? { 'x-xsrf-token': this.xsrf } : {}),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    };
    const res = await this.app.inject(options);
    for (const c of res.cookies) {
      if (c.maxAge === 0 || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, payload?: unknown, headers?: Record<string, string>) =>
    this.request('POST', url, payload ?? {}, headers);
  put = (url: string, payload?: unknown) => this.request('PUT', url, payload ?? {});
  delete = (url: string) => this.request('DELETE', url);

  /**
   * A multipart form, as a browser sends one (`_method` and all): values as text, Blobs as files (named by
   * the field, or a File by its own name).
   */
  async form(
    url: string,
    fields: Record<string, string | number | boolean | null | Blob>,
    method: Method = 'POST',
  ) {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      if (value instanceof Blob) data.append(key, value, value instanceof File ? value.name : key);
      else
        data.append(
          key,
          value === null ? '' : typeof value === 'boolean' ? (value ? '1' : '0') : String(value),
        );
    }
    const encoded = new Response(data);
    const payload = Buffer.from(await encoded.arrayBuffer());
    return this.request(method, url, payload, { 'content-type': encoded.headers.get('content-type') ?? '' });
  }

  async csrf() {
    return this.get('/sanctum/csrf-cookie');
  }

  async login(email: string, password = 'password'): Promise<LightMyRequestResponse> {
    await this.csrf();
    return this.post('/api/login', { email, password });
  }
}

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse): T => res.json<T>();
