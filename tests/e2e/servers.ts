/**
 * Servers a test starts for itself: the app (the production server on the real build,
 * with a database of its own) and a real SMTP server (smtp-server, with
 * mailparser reading what arrives). Ports are picked free.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import net from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { E2E_RATE_LIMITS, SERVER_ENTRY } from "../../playwright.config";

/**
 * Ports for the servers a test starts. A port picked by listening on port 0 and released is free only
 * until someone else takes it: another worker's test picking the same one, or any `listen(0)` or outgoing
 * connection, which the kernel serves from its ephemeral range (32768-60999 on Linux). So each Playwright
 * worker hands out ports from a block of its own below that range (PORT_BLOCK ports from FIRST_PORT +
 * its parallel index × PORT_BLOCK), in turn, skipping one some other program holds: no two tests, and no
 * port the kernel hands out, ever share one.
 */
const FIRST_PORT = 20_000;
const PORT_BLOCK = 500;
let nextInBlock = 0;

export async function freePort(): Promise<number> {
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const first = FIRST_PORT + worker * PORT_BLOCK;
  for (let tries = 0; tries < PORT_BLOCK; tries++) {
    const port = first + (nextInBlock++ % PORT_BLOCK);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${first}-${first + PORT_BLOCK - 1}`);
}

/** Whether nothing listens on the port (on any address: "::" takes IPv4 too). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "::", () => server.close(() => resolve(true)));
  });
}

export const APP_SESSION_SECRET = "own-server-session-secret-of-32-chars!";

export type AppServer = {
  port: number;
  baseUrl: string;
  database: string;
  /** Where its uploaded files are (FILES_DIR). */
  filesDir: string;
  secret: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * Starts the production server with a fresh database; waits until it answers unless told
 * not to (a server meant to refuse start). A server that cannot listen exits at once naming the port
 * (some other program took it): it starts again on new ports.
 */
/**
 * The origins of app servers a test has stopped itself (killed: a page still open on one may be mid-request).
 * A network failure from such an origin is the test's own doing, not the page's (tests/e2e/fixtures.ts).
 */
export const stoppedOrigins = new Set<string>();

export async function startApp(
  name: string,
  env: Record<string, string>,
  options: { wait?: boolean } = {},
): Promise<AppServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAppOnce(name, env, options);
    } catch (error) {
      if (attempt >= 3 || !/Cannot listen on port/.test((error as Error).message)) throw error;
    }
  }
}

async function startAppOnce(
  name: string,
  env: Record<string, string>,
  options: { wait?: boolean },
): Promise<AppServer> {
  const port = await freePort();
  stoppedOrigins.delete(`http://localhost:${port}`);
  const oidcPort = await freePort();
  const database = `tests/.tmp/${name}-${port}.db`;
  mkdirSync("tests/.tmp", { recursive: true });
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      LOCAL_OIDC_PORT: String(oidcPort),
      DATABASE_URL: database,
      MAIL_DIR: `tests/.tmp/mail-${name}-${port}`,
      FILES_DIR: `tests/.tmp/files-${name}-${port}`,
      SESSION_SECRET: APP_SESSION_SECRET,
      OIDC_ISSUER: "",
      LOG_FORMAT: "tiny",
      // The responsible broker of the specs' own servers (their admin, or the first of the ADMIN_EMAILS a spec gives).
      ...(env.ADMIN_EMAILS ? {} : { AGENCY_BROKER_EMAIL: "boss@agency.test" }),
      ...E2E_RATE_LIMITS,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const server: AppServer = {
    port,
    baseUrl: `http://localhost:${port}`,
    database,
    filesDir: env.FILES_DIR ?? `tests/.tmp/files-${name}-${port}`,
    secret: env.SESSION_SECRET ?? APP_SESSION_SECRET,
    child,
    exited,
    output: () => output,
    async stop() {
      stoppedOrigins.add(server.baseUrl);
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
      for (const suffix of ["", "-wal", "-shm"]) rmSync(`${database}${suffix}`, { force: true });
      rmSync(`tests/.tmp/mail-${name}-${port}`, { recursive: true, force: true });
      rmSync(`tests/.tmp/files-${name}-${port}`, { recursive: true, force: true });
    },
  };
  if (options.wait !== false) {
    try {
      await waitUntilUp(server);
    } catch (error) {
      await server.stop();
      throw new Error(`${(error as Error).message}\n${output}`);
    }
  }
  return server;
}

/**
 * Waits for /healthz. A start takes about 3 s on an idle 2-core machine; on a CI machine whose cores the
 * browsers and the other worker's servers share, it has taken more than 30 s: one minute is allowed.
 */
async function waitUntilUp(server: AppServer) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error("the server exited");
    try {
      if ((await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the server did not start within 60 s");
}

export type ReceivedMail = { envelopeTo: string[]; mail: ParsedMail };

/** A real SMTP server on 127.0.0.1 that keeps what it receives (no TLS, no auth: the test's own loopback). */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  constructor(readonly port: number) {}

  static async start(port?: number) {
    for (let attempt = 1; ; attempt++) {
      const sink = new SmtpSink(port ?? (await freePort()));
      try {
        await sink.listen();
        return sink;
      } catch (error) {
        if (port !== undefined || attempt >= 3 || (error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
      }
    }
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async listen() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(this.port, "127.0.0.1", () => resolve());
    });
    // A client that goes away mid-session (an app server stopped while its mailer is connected) resets the
    // connection: smtp-server reports it as an error of the server, which is no failure of the test.
    this.server.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") this.errors.push(error);
    });
  }

  /** Errors of the sink other than a client going away (none expected). */
  readonly errors: Error[] = [];

  async close() {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Waits until a message matching `match` has arrived (polling), and returns it. */
  async waitFor(match: (m: ReceivedMail) => boolean, timeoutMs = 15_000): Promise<ReceivedMail> {
    const start = Date.now();
    while (Date.now() - start < timeoutMs) {
      const found = this.received.find(match);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(
      `no matching e-mail within ${timeoutMs} ms; received: ${this.received.map((m) => `${m.mail.subject} → ${m.envelopeTo}`).join("; ")}`,
    );
  }
}

export const toAddresses = (m: ReceivedMail) =>
  (Array.isArray(m.mail.to) ? m.mail.to : m.mail.to ? [m.mail.to] : []).flatMap((a) => a.value.map((v) => v.address));
