/**
 * HTTP load for the bench: `connections` keep-alive connections, each its own socket and its
 * own bearer token, each sending the next POST as soon as the last answer arrived.
 *   npx tsx bench/load.ts <url> <connections> <seconds> [tokens.json]
 * Prints one JSON line: { requests, errors, perSecond, p50, p99 } (latencies in ms).
 */
import http from 'node:http';
import fs from 'node:fs';

const [url, connArg, secArg, tokensFile] = process.argv.slice(2);
const connections = Number(connArg ?? 50);
const seconds = Number(secArg ?? 10);
const tokens: string[] = tokensFile ? JSON.parse(fs.readFileSync(tokensFile, 'utf8')) : [];
const target = new URL(url);
const body = '{}';
const lat: number[] = [];
let errors = 0;
const end = performance.now() + seconds * 1000;

async function worker(i: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const headers: Record<string, string> = { 'content-type': 'application/json', 'content-length': String(body.length) };
  if (tokens.length) headers.authorization = `Bearer ${tokens[i % tokens.length]}`;
  while (performance.now() < end) {
    const t = performance.now();
    const status = await new Promise<number>((resolve) => {
      const req = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent, headers }, (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
      req.end(body);
    });
    lat.push(performance.now() - t);
    if (status !== 200) errors++;
  }
  agent.destroy();
}

const started = performance.now();
await Promise.all(Array.from({ length: connections }, (_, i) => worker(i)));
const took = (performance.now() - started) / 1000;
lat.sort((a, b) => a - b);
const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(lat.length * p))] ?? 0;
console.log(JSON.stringify({ requests: lat.length, errors, perSecond: lat.length / took, p50: q(0.5), p99: q(0.99) }));
