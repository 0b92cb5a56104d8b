import { LegalContentsDisclosure, LegalContentsSidebar } from "~/components/legal/legal-contents";
import { documentOrder, type LegalDocumentId } from "~/components/legal/legal-content";
import { LegalDocument } from "~/components/legal/legal-document";
import { LegalFooter } from "~/components/legal/legal-footer";
import { LegalHeader } from "~/components/legal/legal-header";
import { LegalIntro } from "~/components/legal/legal-intro";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import type { Route } from "./+types/legal";

export const handle = { i18n: ["legal"] };

/** /privacy-policy leads with the privacy policy; /terms-of-use and /terms with the terms. */
const pages: Record<string, { lead: LegalDocumentId; canonicalPath: string }> = {
  "/privacy-policy": { lead: "privacy", canonicalPath: "/privacy-policy" },
  "/terms-of-use": { lead: "terms", canonicalPath: "/terms-of-use" },
  "/terms": { lead: "terms", canonicalPath: "/terms-of-use" },
};

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = pages[url.pathname.replace(/\/+$/, "")] ?? pages["/terms-of-use"]!;
  const t = serverI18n(detectLanguage(request)).t;
  return {
    lead: page.lead,
    title: t(`legal:meta.${page.lead}.title`),
    description: t(`legal:meta.${page.lead}.description`),
    // /terms repeats /terms-of-use: search engines should index one address.
    canonicalUrl: new URL(page.canonicalPath, url.origin).href,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "description", content: loaderData?.description },
  { tagName: "link", rel: "canonical", href: loaderData?.canonicalUrl },
];

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const order = documentOrder(loaderData.lead);
  return (
    <div className="flex min-h-dvh flex-col">
      <LegalHeader />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 pt-10 pb-20 sm:px-6 sm:pt-16">
        <LegalIntro />
        <div className="mt-12 lg:mt-16 lg:grid lg:grid-cols-[17.5rem_minmax(0,48rem)] lg:justify-between lg:gap-12">
          <aside className="hidden lg:block">
            <LegalContentsSidebar order={order} />
          </aside>
          <div className="grid gap-8">
            <div className="lg:hidden">
              <LegalContentsDisclosure order={order} />
            </div>
            {order.map((documentId) => (
              <LegalDocument key={documentId} documentId={documentId} />
            ))}
          </div>
        </div>
      </main>
      <LegalFooter />
    </div>
  );
}
