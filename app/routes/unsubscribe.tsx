import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Brand } from "~/components/layout/brand";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { servicesOf } from "~/lib/session.server";
import { AppError } from "../../worker/http/errors";
import { unsubscribe } from "../../worker/reminders/reminder-settings.service";
import { verifiedUnsubscribe } from "../../worker/reminders/unsubscribe-link";
import type { Route } from "./+types/unsubscribe";

export const handle = { i18n: ["reminders"] };

/**
 * Where a reminder e-mail's "stop" link lands, signed in or not (README: "Reminders"): opening it only asks
 * (a mail scanner following links stops nothing); the button stops that kind of e-mail for the link's
 * person. Mail clients that support it skip this page and post to the API in one click (RFC 8058).
 */
export async function loader(args: Route.LoaderArgs) {
  const query = new URL(args.request.url).searchParams;
  const link = await verifiedUnsubscribe(servicesOf(args).env.JWT_SECRET, query);
  const title = serverI18n(detectLanguage(args.request)).t("reminders:unsubscribe.title");
  return { kind: link?.kind ?? null, title };
}

export async function action(args: Route.ActionArgs) {
  try {
    const done = await unsubscribe(servicesOf(args), new URL(args.request.url).searchParams);
    return { done: done.kind };
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return { done: null };
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("reminders");
  const navigation = useNavigation();
  const kind = actionData ? actionData.done : loaderData.kind;
  const kindName = kind ? t(`kinds.${kind}`) : "";
  return (
    <main className="grid min-h-dvh place-items-center bg-muted/40 px-4 py-10">
      <div className="grid w-full max-w-md gap-6">
        <Link to="/" className="justify-self-center" aria-label="Moneta">
          <Brand />
        </Link>
        <Card>
          <CardHeader>
            <h1 className="text-lg leading-snug font-semibold tracking-tight">
              {!kind ? t("unsubscribe.invalidTitle") : actionData ? t("unsubscribe.doneTitle") : t("unsubscribe.title")}
            </h1>
            <CardDescription>
              {!kind
                ? t("unsubscribe.invalid")
                : actionData
                  ? t("unsubscribe.done", { kind: kindName })
                  : t("unsubscribe.lead", { kind: kindName })}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-3">
            {kind && !actionData ? (
              <Form method="post">
                <Button type="submit" disabled={navigation.state !== "idle"}>
                  {t("unsubscribe.confirm")}
                </Button>
              </Form>
            ) : null}
            <Button variant="outline" asChild>
              <Link to="/settings#reminders">{t("unsubscribe.settings")}</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
