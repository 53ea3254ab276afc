// The reference for the trails throughput budget: a plain `fastify()` app, no plugins, with one
// route answering GET /api/trails with fixed bytes. Run as a child process:
//   node bench/support/bare-fastify.mjs <port> <body file> <content-type>
// Prints "ready" once listening; exits on SIGTERM.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, bodyFile, contentType] = process.argv.slice(2);
const body = readFileSync(bodyFile);

const app = Fastify({ logger: false });
app.get('/api/trails', (_req, reply) => {
  reply.type(contentType).send(body);
});
await app.listen({ host: '127.0.0.1', port: Number(port) });
console.log('ready');

process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
