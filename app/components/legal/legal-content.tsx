import { Trans } from "react-i18next";
import { plans } from "~/lib/pricing";

/**
 * The outline of the legal page: which documents, sections and blocks exist, in order. The
 * words live in locales/<language>/legal.json under `<document>.sections.<section>.<block>`;
 * this file only says how they are arranged.
 */
export const legalDocumentIds = ["privacy", "terms"] as const;
export type LegalDocumentId = (typeof legalDocumentIds)[number];

/** The date both documents last changed (shown at the top of the page). */
export const legalLastUpdated = "2026-11-21";

export const contactEmail = "contato@moneta.app";
export const privacyEmail = "privacidade@moneta.app";

export type LegalBlock =
  | { kind: "paragraph"; key: string }
  | { kind: "list"; key: string; items: readonly string[] }
  | {
      kind: "table";
      key: string;
      columns: readonly string[];
      rows: readonly string[];
      pricesInCents?: Record<string, number>;
    };

export type LegalSection = { id: string; blocks: readonly LegalBlock[] };

const paragraphs = (...keys: string[]): LegalBlock[] => keys.map((key) => ({ kind: "paragraph", key }));
const list = (items: readonly string[]): LegalBlock => ({ kind: "list", key: "items", items });

export const legalSections: Record<LegalDocumentId, readonly LegalSection[]> = {
  privacy: [
    { id: "who-we-are", blocks: paragraphs("body", "contact") },
    {
      id: "data-we-store",
      blocks: [
        ...paragraphs("intro"),
        list(["account", "workspaces", "records", "waitlist", "technical"]),
        ...paragraphs("notCollected"),
      ],
    },
    {
      id: "how-we-use",
      blocks: [
        ...paragraphs("intro"),
        list(["service", "signIn", "email", "waitlist", "legal"]),
        ...paragraphs("noAds"),
      ],
    },
    { id: "sign-in", blocks: paragraphs("codes", "sessions") },
    {
      id: "cookies",
      blocks: [
        ...paragraphs("intro"),
        {
          kind: "table",
          key: "table",
          columns: ["name", "purpose", "duration"],
          rows: ["session", "language", "workspace", "sidebar"],
        },
        ...paragraphs("blocking"),
      ],
    },
    {
      id: "where-data-lives",
      blocks: [...paragraphs("intro"), list(["cloudflare", "turso", "resend"]), ...paragraphs("transfer", "noSale")],
    },
    {
      id: "rights",
      blocks: [
        ...paragraphs("intro"),
        list(["access", "correction", "deletion", "portability", "information", "consent"]),
        ...paragraphs("how", "authority"),
      ],
    },
    {
      id: "delete-account",
      blocks: [...paragraphs("how"), list(["account", "owned", "shared", "sessions"]), ...paragraphs("irreversible")],
    },
    {
      id: "retention",
      blocks: [list(["account", "codes", "sessions", "waitlist", "technical", "backups"]), ...paragraphs("legal")],
    },
    { id: "security", blocks: paragraphs("body", "incidents", "yourPart") },
    { id: "minors", blocks: paragraphs("body") },
    { id: "changes", blocks: paragraphs("body") },
  ],
  terms: [
    { id: "service", blocks: paragraphs("body", "scope") },
    { id: "accounts", blocks: [list(["signIn", "accurate", "responsibility", "workspaces", "age"])] },
    {
      id: "acceptable-use",
      blocks: [
        ...paragraphs("intro"),
        list(["illegal", "access", "abuse", "spam", "content"]),
        ...paragraphs("disclosure"),
      ],
    },
    { id: "your-data", blocks: paragraphs("body", "control") },
    {
      id: "plans",
      blocks: [
        ...paragraphs("intro"),
        {
          kind: "table",
          key: "table",
          columns: ["plan", "price", "includes"],
          rows: plans.map((plan) => plan.key),
          pricesInCents: Object.fromEntries(plans.map((plan) => [plan.key, plan.monthlyCents])),
        },
        ...paragraphs("beta", "billing", "changes"),
      ],
    },
    { id: "no-advice", blocks: paragraphs("body") },
    { id: "availability", blocks: paragraphs("body") },
    { id: "liability", blocks: paragraphs("body", "cap", "consumer") },
    { id: "termination", blocks: paragraphs("you", "us", "data") },
    { id: "governing-law", blocks: paragraphs("body") },
    { id: "changes", blocks: paragraphs("body") },
    { id: "contact", blocks: paragraphs("body") },
  ],
};

/** The id of a section's element, and so its address: /terms-of-use#terms-plans. */
export const sectionAnchor = (documentId: LegalDocumentId, sectionId: string) => `${documentId}-${sectionId}`;

/** The documents in reading order: the one the address asked for comes first. */
export function documentOrder(lead: LegalDocumentId): LegalDocumentId[] {
  return [lead, ...legalDocumentIds.filter((id) => id !== lead)];
}

const linkClassName =
  "font-medium text-accent-text underline decoration-accent-300 underline-offset-2 transition hover:decoration-accent-text";

/** The tags the texts may use: <strong>, <code>, the two addresses and links within the page. */
const richTextComponents = {
  strong: <strong className="font-semibold text-foreground" />,
  code: <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.85em] text-foreground" />,
  contact: <a href={`mailto:${contactEmail}`} className={linkClassName} />,
  privacy: <a href={`mailto:${privacyEmail}`} className={linkClassName} />,
  privacyPolicy: <a href="#privacy" className={linkClassName} />,
  deletion: <a href={`#${sectionAnchor("privacy", "delete-account")}`} className={linkClassName} />,
  termination: <a href={`#${sectionAnchor("terms", "termination")}`} className={linkClassName} />,
};

/** One message of the legal namespace, with its inline markup turned into elements. */
export function LegalText({ i18nKey, values }: { i18nKey: string; values?: Record<string, string> }) {
  return <Trans ns="legal" i18nKey={i18nKey} values={values} components={richTextComponents} />;
}
