/**
 * HTTP load for the bench: `connections` keep-alive connections, each its own socket and its
 * own bearer token, each sending the next POST as soon as the last answer arrived.
 *   npx tsx bench/load.ts <url> <connections> <seconds> [tokens.json]
 * Prints one JSON line: { requests, errors, perSecond, p50, p99, clientCpuMs } (latencies and the
 * load's own CPU per request in ms). Requests go through the lean client (http-client.ts).
 */
import { Connection } from './http-client.ts';
import fs from 'node:fs';

const [url, connArg, secArg, tokensFile] = process.argv.slice(2);
const connections = Number(connArg ?? 50);
const seconds = Number(secArg ?? 10);
const tokens: string[] = tokensFile ? JSON.parse(fs.readFileSync(tokensFile, 'utf8')) : [];
const target = new URL(url);
const body = '{}';
const never = () => false; // the answers' bodies are not read
const lat: number[] = [];
let errors = 0;
const end = performance.now() + seconds * 1000;

async function worker(i: number) {
  const conn = new Connection(target);
  const route = conn.route(target.pathname, tokens.length ? { Authorization: `Bearer ${tokens[i % tokens.length]}` } : {});
  while (performance.now() < end) {
    const t = performance.now();
    const { status } = await conn.post(route, body, '', never);
    lat.push(performance.now() - t);
    if (status !== 200) errors++;
  }
  conn.close();
}

const started = performance.now();
const cpu0 = process.cpuUsage();
await Promise.all(Array.from({ length: connections }, (_, i) => worker(i)));
const took = (performance.now() - started) / 1000;
lat.sort((a, b) => a - b);
const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(lat.length * p))] ?? 0;
const cpu = process.cpuUsage(cpu0);
const clientCpuMs = (cpu.user + cpu.system) / 1000 / Math.max(1, lat.length);
console.log(JSON.stringify({ requests: lat.length, errors, perSecond: lat.length / took, p50: q(0.5), p99: q(0.99), clientCpuMs }));
