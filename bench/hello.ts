/** The ceiling for the context poll: a bare Fastify answering a POST with a small JSON. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/hello', async () => ({ result: true, data: { hello: 'world' } }));
await app.listen({ port: Number(process.argv[2] ?? 3999), host: '127.0.0.1' });
console.log('ready');
