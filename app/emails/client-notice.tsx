/** Client notices: a transaction was opened for them, or milestones of it changed. */
import { Button, Text } from "@react-email/components";
import { button, EmailLayout, paragraph, type EmailFrame } from "./layout";

export type MilestoneChange = {
  step: number;
  title: string;
  status: string;
  note: string | null;
  documentUrl: string | null;
};

export function MilestoneNoticeEmail(
  p: EmailFrame & {
    firstName: string;
    property: string;
    changes: MilestoneChange[];
    /** Names of documents staff added. */
    documents?: string[];
    portalUrl: string;
  },
) {
  const documents = p.documents ?? [];
  return (
    <EmailLayout site={p.site} appUrl={p.appUrl} preview={p.preview}>
      <Text style={paragraph}>Hi {p.firstName},</Text>
      {p.changes.length ? (
        <Text style={paragraph}>
          {p.changes.length === 1 ? "A step" : `${p.changes.length} steps`} of your transaction for {p.property}{" "}
          changed:
        </Text>
      ) : null}
      {p.changes.map((c) => (
        <Text key={c.step} style={{ ...paragraph, paddingLeft: "12px", borderLeft: "3px solid #1565c0" }}>
          <strong>
            Step {c.step}: {c.title}
          </strong>{" "}
          — {c.status}
          {c.note ? (
            <>
              <br />
              Note from your agent: {c.note}
            </>
          ) : null}
          {c.documentUrl ? (
            <>
              <br />
              Document: {c.documentUrl}
            </>
          ) : null}
        </Text>
      ))}
      {documents.length ? (
        <>
          <Text style={paragraph}>
            {documents.length === 1 ? "A new document is" : `${documents.length} new documents are`} in your portal for{" "}
            {p.property}:
          </Text>
          <Text style={{ ...paragraph, paddingLeft: "12px", borderLeft: "3px solid #1565c0" }}>
            {documents.map((name, i) => (
              <span key={i}>
                {i > 0 ? <br /> : null}
                {name}
              </span>
            ))}
          </Text>
        </>
      ) : null}
      <Button href={p.portalUrl} style={button}>
        See your progress
      </Button>
      <Text style={{ ...paragraph, fontSize: "13px", color: "#475569", marginTop: "16px" }}>
        You can turn these notices off in your client portal.
      </Text>
    </EmailLayout>
  );
}

export function ClientWelcomeEmail(
  p: EmailFrame & {
    firstName: string;
    property: string;
    kind: "buying" | "selling";
    signInUrl: string;
    /** The address the portal knows them by: sign-in matches it. */
    email: string;
  },
) {
  return (
    <EmailLayout site={p.site} appUrl={p.appUrl} preview={p.preview}>
      <Text style={paragraph}>Hi {p.firstName},</Text>
      <Text style={paragraph}>
        Welcome to {p.site.name}. We opened your {p.kind === "buying" ? "purchase" : "sale"} of {p.property} in our
        client portal. There you can follow every step of the transaction, read your agent's notes and open your
        documents.
      </Text>
      <Text style={paragraph}>
        Sign in with this e-mail address: <strong>{p.email}</strong>
        <br />
        (If you use another address, the portal will not find your transaction.)
      </Text>
      <Button href={p.signInUrl} style={button}>
        Open your client portal
      </Button>
    </EmailLayout>
  );
}
