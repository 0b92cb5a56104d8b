import { data } from "react-router";
import { detectLanguage } from "~/lib/i18n";
import { asPerson, refuseForeignWrites } from "~/lib/session.server";
import { AppError } from "../../worker/http/errors";
import { listNotifications, markNotificationsRead } from "../../worker/reminders/notifications.service";
import { reminderSentences } from "../../worker/reminders/reminder-sentences";
import { reminderTranslator } from "../../worker/reminders/reminder-translator";
import type { Route } from "./+types/notifications";

/**
 * The bell's inbox, fetched when the bell is opened (nothing of it loads with the page but the count):
 * a page of entries, each already worded in the page's language, so the sentences of every kind stay
 * on the server. `before` pages back.
 */
export async function loader(args: Route.LoaderArgs) {
  const before = new URL(args.request.url).searchParams.get("before") ?? undefined;
  const inbox = await asPerson(args, (ctx) => listNotifications({ ctx, input: { before } }));
  const language = detectLanguage(args.request);
  const t = reminderTranslator(language);
  return data({
    ...inbox,
    notifications: inbox.notifications.map((entry) => ({
      ...entry,
      ...reminderSentences(t, language, entry.kind, { ...entry.values, workspace: entry.workspace.name }),
    })),
  });
}

/** Marks one entry read (`id`), or every one: answers the unread count left. */
export async function action(args: Route.ActionArgs) {
  refuseForeignWrites(args);
  const form = await args.request.formData();
  const id = form.get("id");
  const notificationId = typeof id === "string" && id ? id : null;
  return data(
    await asPerson(args, async (ctx) => {
      try {
        return await markNotificationsRead({ ctx, input: { notificationId } });
      } catch (error) {
        // An entry gone meanwhile (its workspace left): nothing to mark, and no page to leave for.
        if (error instanceof AppError && error.code === "NOT_FOUND") return { marked: 0, unread: null };
        throw error;
      }
    }),
  );
}

/**
 * The inbox holds its entries itself, so its fetcher is never read again behind the person's back: a read
 * restarted by an entry's own navigation (its mark-read and its link leave together) would be cut off
 * mid-answer, which React Router surfaces as an unhandled "BodyStreamBuffer was aborted".
 */
export const shouldRevalidate = () => false;

export type InboxEntry = Awaited<ReturnType<typeof loader>>["data"]["notifications"][number];
