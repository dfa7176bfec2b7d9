import http from 'node:http';
import type { Socket } from 'node:net';

export type SlowClientLimits = { requestTimeoutMs: number; maxConnectionsPerAddress: number; trustProxy: boolean };

/**
 * The HTTP server behind Fastify (its `serverFactory`), hardened against slow clients (issue 21):
 * a request must arrive whole — headers and body — within `requestTimeoutMs` or its connection is
 * answered 408 and closed, checked every second rather than Node's default 30 s (keep-alive stays
 * Fastify's 72 s, above the 5 s poll and a load balancer's 60 s); and one address holds at most
 * `maxConnectionsPerAddress` connections (behind a trusted proxy every client shares the proxy's
 * address, so the cap is left to the proxy). Answers already being written, such as the SSE
 * streams, are not requests in flight and are not cut.
 */
export function slowClientServer(limits: SlowClientLimits) {
  return (handler: http.RequestListener) => {
    const server = http.createServer(
      {
        requestTimeout: limits.requestTimeoutMs,
        headersTimeout: Math.min(limits.requestTimeoutMs, 60_000),
        keepAliveTimeout: 72_000,
        connectionsCheckingInterval: Math.min(1_000, limits.requestTimeoutMs),
      },
      handler,
    );
    if (limits.maxConnectionsPerAddress > 0 && !limits.trustProxy) capPerAddress(server, limits.maxConnectionsPerAddress);
    return server;
  };
}

function capPerAddress(server: http.Server, max: number) {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const n = (open.get(address) ?? 0) + 1;
    if (n > max) {
      socket.destroy();
      return;
    }
    open.set(address, n);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
