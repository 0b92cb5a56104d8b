import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icon";
import { formatMoney } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { legalSections, LegalText, sectionAnchor, type LegalBlock, type LegalDocumentId } from "./legal-content";

type TableBlock = Extract<LegalBlock, { kind: "table" }>;

/**
 * A table that reads as rows of cards on a phone: the first column becomes the card's title
 * and every other cell carries its column's name above it.
 */
function LegalTable({ block, prefix }: { block: TableBlock; prefix: string }) {
  const { t } = useTranslation("legal");
  const language = useLanguage();
  const [firstColumn, ...otherColumns] = block.columns;
  const valuesOf = (row: string) => {
    const cents = block.pricesInCents?.[row];
    return cents === undefined ? undefined : { price: formatMoney(cents, "BRL", language) };
  };
  return (
    <div className="overflow-hidden rounded-xl border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t(`${prefix}.caption`)}</caption>
        <thead className="hidden bg-muted/70 sm:table-header-group">
          <tr>
            {block.columns.map((column) => (
              <th
                key={column}
                scope="col"
                className="px-4 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase"
              >
                {t(`${prefix}.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {block.rows.map((row) => (
            <tr key={row} className="block px-4 py-3.5 sm:table-row sm:p-0">
              <th
                scope="row"
                className="block align-top font-semibold text-foreground sm:table-cell sm:px-4 sm:py-3 sm:whitespace-nowrap"
              >
                <LegalText i18nKey={`${prefix}.rows.${row}.${firstColumn}`} values={valuesOf(row)} />
              </th>
              {otherColumns.map((column) => (
                <td
                  key={column}
                  className="mt-2 block align-top text-foreground/85 sm:mt-0 sm:table-cell sm:px-4 sm:py-3"
                >
                  <span className="block text-xs font-medium text-muted-foreground sm:hidden" aria-hidden>
                    {t(`${prefix}.columns.${column}`)}
                  </span>
                  <LegalText i18nKey={`${prefix}.rows.${row}.${column}`} values={valuesOf(row)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Block({ block, prefix }: { block: LegalBlock; prefix: string }) {
  const key = `${prefix}.${block.key}`;
  if (block.kind === "paragraph") {
    return (
      <p>
        <LegalText i18nKey={key} />
      </p>
    );
  }
  if (block.kind === "list") {
    return (
      <ul className="grid gap-2 pl-5 marker:text-accent-400 [list-style:disc]">
        {block.items.map((item) => (
          <li key={item} className="pl-1">
            <LegalText i18nKey={`${key}.${item}`} />
          </li>
        ))}
      </ul>
    );
  }
  return <LegalTable block={block} prefix={key} />;
}

/** One document (privacy policy or terms of use) as an article with numbered sections. */
export function LegalDocument({ documentId }: { documentId: LegalDocumentId }) {
  const { t } = useTranslation("legal");
  return (
    <article
      id={documentId}
      aria-labelledby={`${documentId}-title`}
      className="scroll-mt-6 rounded-2xl border bg-card px-5 py-8 shadow-xs sm:px-10 sm:py-12"
    >
      <header className="border-b pb-8">
        <h2
          id={`${documentId}-title`}
          className="text-2xl font-bold tracking-tight text-balance text-foreground sm:text-3xl"
        >
          {t(`${documentId}.title`)}
        </h2>
        <p className="mt-3 text-base text-pretty text-muted-foreground sm:text-lg">
          <LegalText i18nKey={`${documentId}.intro`} />
        </p>
      </header>
      {legalSections[documentId].map((section, index) => {
        const anchor = sectionAnchor(documentId, section.id);
        const prefix = `${documentId}.sections.${section.id}`;
        return (
          <section key={section.id} id={anchor} aria-labelledby={`${anchor}-title`} className="mt-10 scroll-mt-6">
            <h3 id={`${anchor}-title`} className="flex gap-2 text-lg font-semibold tracking-tight text-foreground">
              <span className="tabular min-w-7 text-accent-text" aria-hidden>
                {index + 1}.
              </span>
              <span>{t(`${prefix}.title`)}</span>
            </h3>
            <div className="mt-3 grid gap-4 text-base/7 text-pretty text-foreground/85">
              {section.blocks.map((block) => (
                <Block key={`${block.kind}-${block.key}`} block={block} prefix={prefix} />
              ))}
            </div>
          </section>
        );
      })}
      <p className="mt-12 border-t pt-6">
        <a
          href="#top"
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground transition hover:text-foreground"
        >
          <Icon name="arrow-up" className="size-4" />
          {t("page.backToTop")}
        </a>
      </p>
    </article>
  );
}
