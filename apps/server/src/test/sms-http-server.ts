// A real HTTP server on a free loopback port standing in
// for a third party the tests cannot reach (an SMS gateway, Google's reCAPTCHA siteverify), so
// the transports and the captcha check are exercised over the wire rather than against a mock.
import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface StubResponse {
  status?: number;
  json?: unknown;
  text?: string;
}

export interface TestHttpServer {
  url: string;
  received: ReceivedRequest[];
  /** What the next requests get; a test swaps it to simulate an outage or a refusal. */
  respond: (req: ReceivedRequest) => StubResponse;
  close(): Promise<void>;
}

export async function createTestHttpServer(
  respond: (req: ReceivedRequest) => StubResponse = () => ({ status: 200, json: {} }),
): Promise<TestHttpServer> {
  const stub: Omit<TestHttpServer, 'url' | 'close'> = { received: [], respond };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      stub.received.push(received);
      const answer = stub.respond(received);
      res.statusCode = answer.status ?? 200;
      if (answer.json !== undefined) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(answer.json));
      } else {
        res.end(answer.text ?? '');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
