// A real SMTP server from the `smtp-server` package,
// so the SMTP transport is exercised over the wire rather than against a mock.
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  /** Header name (lower case) → unfolded value. */
  headers: Record<string, string>;
  /** The body with quoted-printable soft breaks and escapes undone: good enough for substring checks. */
  body: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Starts listening (again) on `port`. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A port nothing listens on (yet): connecting to it is refused. */
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Creates the server without starting it, so a test can first see delivery fail against the
 * closed port. `rejectRecipient` answers RCPT TO with the given SMTP code (e.g. 550).
 */
export async function createTestSmtpServer(opts: { rejectRecipient?: number } = {}): Promise<TestSmtpServer> {
  const port = await closedPort();
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;

  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Reverse DNS of 127.0.0.1 only slows each connection down.
      disableReverseLookup: true,
      onRcptTo(_address, _session, callback) {
        if (!opts.rejectRecipient) return callback();
        const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: opts.rejectRecipient });
        callback(err);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((a) => a.address), ...parse(Buffer.concat(chunks).toString('utf8')) });
          callback();
        });
      },
    });

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    async start() {
      server = make();
      const s = server;
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, '127.0.0.1', () => resolve());
      });
    },
    async stop() {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}

function parse(raw: string): Pick<ReceivedMail, 'headers' | 'body'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const decoded = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { headers, body: decoded };
}
