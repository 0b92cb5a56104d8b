import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { formatDate } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { type MoveInResponse, moveInApi } from "./move-in-api";
import { UndoMoveIn } from "./move-in-undo";

const shownMoveIns = 5;

/**
 * The workspace's latest move-ins (GET /move-ins), each undoable until it is; nothing while they load
 * or when there are none. `version` changes when the dialog brought one in or undid one.
 */
export function RecentMoveIns({ workspaceId, version }: { workspaceId: string; version: number }) {
  const { t, ready } = useTranslation("move-in");
  const language = useLanguage();
  const revalidator = useRevalidator();
  const api = useMemo(() => moveInApi(workspaceId), [workspaceId]);
  const [moveIns, setMoveIns] = useState<MoveInResponse[] | null>(null);
  const [hasFailed, setHasFailed] = useState(false);
  const [undone, setUndone] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again after each change the dialog or an undo made
  useEffect(() => {
    let isCurrent = true;
    api.list().then(
      (items) => {
        if (!isCurrent) return;
        setMoveIns(items.slice(0, shownMoveIns));
        setHasFailed(false);
      },
      () => isCurrent && setHasFailed(true),
    );
    return () => {
      isCurrent = false;
    };
  }, [api, version, undone]);
  if (!ready) return null;
  if (hasFailed) return <p className="text-sm text-muted-foreground">{t("history.loadFailed")}</p>;
  if (!moveIns?.length) return null;
  return (
    <section className="grid gap-2 border-t pt-4" aria-labelledby="recent-move-ins">
      <h3 id="recent-move-ins" className="text-sm font-semibold">
        {t("history.title")}
      </h3>
      <ul className="grid gap-2">
        {moveIns.map((item) => (
          <li key={item.uuid} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border px-3 py-2">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">
                {t("history.line", { file: item.file_name, app: t(`apps.${item.app}`) })}
              </p>
              <p className="text-xs text-muted-foreground">
                {t("history.counts", {
                  count: item.created_count,
                  date: formatDate(item.created_at, language, { style: "short" }),
                })}
                {item.created_by ? ` · ${item.created_by.name}` : null}
              </p>
            </div>
            {item.undone_at ? (
              <Badge>{t("history.undone")}</Badge>
            ) : (
              <UndoMoveIn
                api={api}
                moveIn={item}
                isInList
                onUndone={() => {
                  setUndone((count) => count + 1);
                  revalidator.revalidate();
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
