import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/utils";
import { legalSections, sectionAnchor, type LegalDocumentId } from "./legal-content";

const linkClassName =
  "block rounded-md px-3 text-sm text-muted-foreground transition hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/**
 * The section being read: the one the reader last jumped to, or the one that last came into the
 * top third of the screen while scrolling. Null on the server and until the browser has measured,
 * so the first client render matches the server's.
 */
function useSectionInView(order: readonly LegalDocumentId[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  const key = order.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: order is a new array on each render; its key changes only with the order
  useEffect(() => {
    const sections = order
      .flatMap((documentId) =>
        legalSections[documentId].map((section) => document.getElementById(sectionAnchor(documentId, section.id))),
      )
      .filter((section) => section !== null);
    const anchors = new Set(sections.map((section) => section.id));
    const jumpTarget = () => {
      const anchor = decodeURIComponent(location.hash.slice(1));
      return anchors.has(anchor) ? anchor : null;
    };
    // The last sections cannot scroll up to the top third: at the page's end, the one jumped to
    // keeps the mark while it is on screen, rather than whichever section the jump brought past.
    const visibleJumpTargetAtEnd = () => {
      const isAtEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      const target = jumpTarget();
      return isAtEnd && target && document.getElementById(target)!.getBoundingClientRect().top < window.innerHeight
        ? target
        : null;
    };
    const observer = new IntersectionObserver(
      (entries) => {
        const entering = entries
          .filter((entry) => entry.isIntersecting)
          .sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top);
        const section = visibleJumpTargetAtEnd() ?? entering[0]?.target.id;
        if (section) setCurrent(section);
      },
      { rootMargin: "0px 0px -66% 0px" },
    );
    for (const section of sections) observer.observe(section);
    // A jump marks its target at once, without waiting for the observer.
    const markJumpTarget = () => {
      const target = jumpTarget();
      if (target) setCurrent(target);
    };
    window.addEventListener("hashchange", markJumpTarget);
    return () => {
      observer.disconnect();
      window.removeEventListener("hashchange", markJumpTarget);
    };
    // `order` is a new array on every render; its ids joined say when it really changed.
  }, [key]);
  return current;
}

/**
 * Links to both documents and each of their sections, in the page's order; compact beside the
 * text so all of it fits a laptop screen, roomier for fingers on a phone.
 */
function ContentsList({
  order,
  isCompact,
  current = null,
}: {
  order: readonly LegalDocumentId[];
  isCompact: boolean;
  current?: string | null;
}) {
  const { t } = useTranslation("legal");
  const itemClassName = cn(linkClassName, isCompact ? "py-[3px]" : "py-1.5");
  return (
    <div className="grid gap-5">
      {order.map((documentId) => (
        <div key={documentId}>
          <a href={`#${documentId}`} className={cn(itemClassName, "font-semibold text-foreground")}>
            {t(`${documentId}.title`)}
          </a>
          <ol className="mt-1 ml-3 grid gap-0.5 border-l pl-1">
            {legalSections[documentId].map((section, index) => {
              const anchor = sectionAnchor(documentId, section.id);
              const isCurrent = anchor === current;
              return (
                <li key={section.id}>
                  <a
                    href={`#${anchor}`}
                    aria-current={isCurrent ? "location" : undefined}
                    className={cn(
                      itemClassName,
                      "flex gap-1.5",
                      isCurrent &&
                        "bg-accent-50 font-medium text-accent-text hover:bg-accent-50 hover:text-accent-text",
                    )}
                  >
                    <span className="tabular min-w-6 text-muted-foreground" aria-hidden>
                      {index + 1}.
                    </span>
                    <span>{t(`${documentId}.sections.${section.id}.title`)}</span>
                  </a>
                </li>
              );
            })}
          </ol>
        </div>
      ))}
    </div>
  );
}

/** Beside the documents on wide screens, following the reader down the page. */
export function LegalContentsSidebar({ order }: { order: readonly LegalDocumentId[] }) {
  const { t } = useTranslation("legal");
  const current = useSectionInView(order);
  return (
    <nav aria-label={t("page.contents")} className="sticky top-6 max-h-[calc(100dvh-3rem)] overflow-y-auto pb-6">
      <p className="px-3 pb-3 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
        {t("page.contents")}
      </p>
      <ContentsList order={order} isCompact current={current} />
    </nav>
  );
}

/** Above the documents on narrow screens, folded so the text starts near the top. */
export function LegalContentsDisclosure({ order }: { order: readonly LegalDocumentId[] }) {
  const { t } = useTranslation("legal");
  return (
    <details className="group rounded-xl border bg-card shadow-xs">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-5 py-3.5 text-sm font-semibold text-foreground [&::-webkit-details-marker]:hidden">
        {t("page.contents")}
        <Icon name="chevron-down" className="size-4 text-muted-foreground transition group-open:rotate-180" />
      </summary>
      <nav aria-label={t("page.contents")} className="border-t px-2 py-4">
        <ContentsList order={order} isCompact={false} />
      </nav>
    </details>
  );
}
