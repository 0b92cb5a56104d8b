import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import { LineCountBadges } from "~/components/ui/upload-parts";
import { type CurrencyCode, formatAmountText } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import type { MoveInPreview } from "./move-in-api";
import { MoveInLines } from "./move-in-lines";

/** Whether the plan's account limit cannot hold the accounts the file would create. */
export const isOverAccountLimit = ({ account_limit: limit }: MoveInPreview) =>
  limit.limit !== null && limit.used + limit.to_create > limit.limit;

type MoveInPreviewProps = {
  preview: MoveInPreview;
  /** Possible duplicates the person chose to bring in anyway, by lineKey. */
  included: ReadonlySet<number>;
  onToggle(key: number, isIncluded: boolean): void;
  headingRef: Ref<HTMLHeadingElement>;
};

/**
 * What the file would create before anything is written: the app it came from, its accounts and
 * cards (new or the workspace's own), its tags, what happens to each line, and the lines themselves.
 */
export function MoveInPreviewStep({ preview, included, onToggle, headingRef }: MoveInPreviewProps) {
  const { t } = useTranslation("move-in");
  const { counts, skipped, account_limit: limit } = preview;
  return (
    <div className="grid gap-5">
      <div>
        <h3 ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
          {t("preview.recognised", { app: t(`apps.${preview.app}`) })}
        </h3>
        <p className="text-sm break-words text-muted-foreground">
          {t("preview.fileName", { name: preview.file_name })}
        </p>
      </div>
      <Places preview={preview} />
      <Tags tags={preview.tags} />
      <section className="grid gap-2" aria-labelledby="move-in-counts">
        <h4 id="move-in-counts" className="text-sm font-semibold">
          {t("preview.countsTitle")}
        </h4>
        <LineCountBadges counts={counts} t={t}>
          {skipped.unpaid ? (
            <li>
              <Badge variant="outline">{t("preview.unpaid", { count: skipped.unpaid })}</Badge>
            </li>
          ) : null}
          {skipped.not_money ? (
            <li>
              <Badge variant="outline">{t("preview.notMoney", { count: skipped.not_money })}</Badge>
            </li>
          ) : null}
        </LineCountBadges>
        {skipped.unpaid ? <p className="text-sm text-muted-foreground">{t("preview.skippedHint")}</p> : null}
        {counts.possible_duplicate ? (
          <p className="text-sm text-muted-foreground">{t("preview.possibleHint")}</p>
        ) : null}
        {preview.lines.length > 0 && counts.new === 0 && counts.possible_duplicate === 0 ? (
          <p className="text-sm text-muted-foreground">{t("preview.nothingNew")}</p>
        ) : null}
      </section>
      {isOverAccountLimit(preview) ? (
        <p role="alert" className="rounded-lg border border-destructive/30 px-3 py-2 text-sm text-destructive">
          {t("preview.limit", { limit: limit.limit, used: limit.used, count: limit.to_create })}
        </p>
      ) : null}
      <MoveInLines lines={preview.lines} included={included} onToggle={onToggle} />
    </div>
  );
}

function Places({ preview }: { preview: MoveInPreview }) {
  const { t } = useTranslation("move-in");
  const language = useLanguage();
  if (preview.accounts.length === 0) return null;
  return (
    <section className="grid gap-2" aria-labelledby="move-in-places">
      <h4 id="move-in-places" className="text-sm font-semibold">
        {t("preview.placesTitle")}
      </h4>
      <ul className="grid gap-2 sm:grid-cols-2">
        {preview.accounts.map((place) => {
          const isCreated = place.uuid === null;
          const details = [
            t(`preview.kinds.${place.type}`),
            place.currency,
            t("preview.lines", { count: place.line_count }),
            isCreated && place.type === "account"
              ? t("preview.openingBalance", {
                  amount: formatAmountText(place.opening_balance, place.currency as CurrencyCode, language),
                })
              : null,
            isCreated && place.paid_from ? t("preview.paidFrom", { name: place.paid_from }) : null,
          ];
          return (
            <li key={`${place.type}:${place.name}`} className="flex gap-3 rounded-lg border px-3 py-2">
              <Icon
                name={place.type === "card" ? "credit-card" : "landmark"}
                className="mt-1 size-4 shrink-0 text-muted-foreground"
              />
              <div className="grid min-w-0 gap-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-medium break-words">{place.name}</span>
                  {place.archived ? (
                    <Badge variant="warning">{t(`preview.archived.${place.type}`)}</Badge>
                  ) : (
                    <Badge variant={isCreated ? "accent" : "neutral"}>
                      {isCreated ? t("preview.created") : t("preview.existing")}
                    </Badge>
                  )}
                </p>
                <p className="text-xs text-muted-foreground">{details.filter(Boolean).join(" · ")}</p>
                {place.archived ? <p className="text-xs text-destructive">{t("preview.archivedHint")}</p> : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Tags({ tags }: { tags: MoveInPreview["tags"] }) {
  const { t } = useTranslation("move-in");
  if (tags.length === 0) return null;
  const label = (tag: MoveInPreview["tags"][number]) =>
    tag.parent ? t("preview.subcategory", { name: tag.name, parent: tag.parent }) : tag.name;
  const groups = [
    { key: "tagsCreated", variant: "accent", tags: tags.filter((tag) => tag.uuid === null) },
    { key: "tagsExisting", variant: "neutral", tags: tags.filter((tag) => tag.uuid !== null) },
  ] as const;
  return (
    <section className="grid gap-2" aria-labelledby="move-in-tags">
      <h4 id="move-in-tags" className="text-sm font-semibold">
        {t("preview.tagsTitle")}
      </h4>
      {groups.map((group) =>
        group.tags.length ? (
          <div key={group.key} className="grid gap-1.5">
            <p id={`move-in-${group.key}`} className="text-xs text-muted-foreground">
              {t(`preview.${group.key}`)}
            </p>
            <ul className="flex flex-wrap gap-1.5" aria-labelledby={`move-in-${group.key}`}>
              {group.tags.map((tag) => (
                <li key={tag.name}>
                  <Badge variant={group.variant} className="whitespace-normal">
                    {label(tag)}
                  </Badge>
                </li>
              ))}
            </ul>
          </div>
        ) : null,
      )}
    </section>
  );
}
