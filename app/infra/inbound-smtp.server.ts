/**
 * The SMTP door for replies (INBOUND_SMTP_PORT; the primary process alone listens: app/infra/
 * startup.server.ts). smtp-server speaks SMTP, mailparser reads the MIME; nothing of either is written
 * here. It accepts only reply+TOKEN@INBOUND_EMAIL_DOMAIN with a known token (anything else: 550 at RCPT
 * TO), at most 10 MB a message (552: the package only advertises the SIZE, the count is checked here),
 * and answers 250 once the reply is stored (or dropped by the rules of app/models/inbound-email.server.ts), so a
 * sending server that got 250 can forget it; a failure to store is a 451, which it retries.
 */
import fs from "node:fs";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import type { Db } from "~/db/client.server";
import { fileStore } from "~/infra/file-store.server";
import { ListenError } from "~/lib/errors";
import { acceptInboundEmail, participantOfAddress, type InboundMail } from "~/models/inbound-email.server";

/** The largest message accepted over SMTP. */
export const INBOUND_MAX_BYTES = 10 * 1024 * 1024;

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

export type InboundSmtp = { port: number; close(): Promise<void> };

export function startInboundSmtp(
  getDb: () => Db,
  options: { port: number; host?: string; domain: string; tls: { cert: string; key: string } | null },
): Promise<InboundSmtp> {
  const server = new SMTPServer({
    name: options.domain,
    banner: "replies to our messages only",
    size: INBOUND_MAX_BYTES,
    authOptional: true,
    disabledCommands: options.tls ? ["AUTH"] : ["AUTH", "STARTTLS"],
    ...(options.tls ? { cert: fs.readFileSync(options.tls.cert), key: fs.readFileSync(options.tls.key) } : {}),
    logger: false,
    onRcptTo(address, _session, callback) {
      try {
        if (!participantOfAddress(getDb(), address.address)) {
          return callback(smtpError(550, "No such recipient here"));
        }
        callback();
      } catch (error) {
        console.error("[inbound] RCPT TO check failed:", error);
        callback(smtpError(451, "Try again later"));
      }
    },
    onData(stream, session, callback) {
      void receive(stream, session).then(
        () => callback(),
        (error: Error & { responseCode?: number }) => {
          if (!error.responseCode) console.error("[inbound] could not store a reply:", error);
          callback(error.responseCode ? error : smtpError(451, "Could not store the message; try again later"));
        },
      );
    },
  });
  server.on("error", (error) => console.error("[inbound] SMTP error:", error.message));

  async function receive(stream: SMTPServerDataStream, session: SMTPServerSession) {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= INBOUND_MAX_BYTES) chunks.push(chunk);
    }
    if (stream.sizeExceeded || size > INBOUND_MAX_BYTES) throw smtpError(552, "Message exceeds the 10 MB limit");
    const parsed = await simpleParser(Buffer.concat(chunks), { skipHtmlToText: false });
    await acceptInboundEmail(getDb(), fileStore(), toInboundMail(parsed, session));
  }

  return new Promise((resolve, reject) => {
    const refused = (error: Error) => reject(new ListenError("INBOUND_SMTP_PORT", options.port, error));
    server.once("error", refused);
    server.listen(options.port, options.host, () => {
      server.off("error", refused);
      const address = server.server.address();
      resolve({
        port: typeof address === "object" && address ? address.port : options.port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

/** What the common path needs of a parsed message and its envelope. */
export function toInboundMail(parsed: ParsedMail, session: Pick<SMTPServerSession, "envelope">): InboundMail {
  const headers = new Map<string, string>();
  for (const { key, line } of parsed.headerLines) {
    headers.set(
      key.toLowerCase(),
      line
        .slice(line.indexOf(":") + 1)
        .replace(/\r?\n[ \t]+/g, " ")
        .trim(),
    );
  }
  const mailFrom = session.envelope.mailFrom;
  return {
    recipients: session.envelope.rcptTo.map((r) => r.address),
    from: parsed.from?.value[0]?.address ?? null,
    returnPath: mailFrom === false ? null : mailFrom.address,
    headers,
    messageId: parsed.messageId ?? null,
    text: parsed.text ?? "",
    attachments: parsed.attachments.map((a) => ({ name: a.filename ?? "attachment", content: a.content })),
  };
}
