import { createServer, type Server } from 'node:http';

import type { App } from '../app';

/** /metrics alone, on a port of its own (METRICS_PORT): for a scraper inside the network, never the balancer. */
export async function serveMetrics(app: App, host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    app.metrics
      .text()
      .then((text) => response.writeHead(200, { 'content-type': app.metrics.contentType }).end(text))
      .catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return server;
}
