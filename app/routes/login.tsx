import { useTranslation } from "react-i18next";
import { data, redirect, redirectDocument, useActionData, useLoaderData } from "react-router";
import { AuthLayout } from "~/components/auth/auth-layout";
import { FormMessage } from "~/components/ui/form-message";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { requireGuest, servicesOf, sessionCookie } from "~/lib/session.server";
import { requestOriginOf } from "../../worker/auth/request-origin";
import { requestCodeSchema, signInSchema } from "../../worker/auth/auth.schemas";
import { requestSignInCode, signIn } from "../../worker/auth/auth.service";
import { pageContext } from "../../worker/context";
import { AppError } from "../../worker/http/errors";
import type { Route } from "./+types/login";
// Bundled on its own (minified, hashed under /assets), as the landing page's script is.
import loginScriptUrl from "~/components/auth/script/login.ts?worker&url";

/**
 * Like the landing page, the sign-in page is served as HTML and CSS with one small script of its own
 * (components/auth/script): no React in the browser, which keeps a first visit inside its budget
 * (docs/benchmarks.md, "Page weight"). Each step is a form the server answers with the next step.
 */
export const handle = { i18n: ["auth"], hydrate: false };

/** A link or redirect to /login from a hydrated page loads the document, so the page's own script runs. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  throw redirectDocument(request.url);
}

export async function loader(args: Route.LoaderArgs) {
  const { hasEndedSession } = await requireGuest(args);
  // Public by design: the widget needs it in the browser when the server asks for a challenge.
  const turnstileSiteKey = servicesOf(args).env.TURNSTILE_SITE_KEY || null;
  return {
    title: serverI18n(detectLanguage(args.request)).t("auth:meta.loginTitle"),
    hasEndedSession,
    turnstileSiteKey,
    scriptNonce: args.context.get(pageContext).scope.cspNonce,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

type LoginError = "invalidEmail" | "invalidCode" | "sendFailed" | "rateLimited" | "challengeRequired";
type LoginResult = { step: "email" | "code"; email: string; error?: LoginError; sentAt?: number };

/** The UI speaks by error code; the server's English message is for API clients. */
function failure(error: unknown, step: LoginResult["step"], email: string) {
  if (!(error instanceof AppError)) throw error;
  const byCode: Partial<Record<AppError["code"], LoginError>> = {
    UNAUTHENTICATED: "invalidCode",
    RATE_LIMITED: "rateLimited",
    CHALLENGE_REQUIRED: "challengeRequired",
    SERVICE_UNAVAILABLE: "sendFailed",
  };
  const reason = byCode[error.code];
  if (!reason) throw error;
  return data<LoginResult>({ step, email, error: reason }, { status: error.status });
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  // Shown back as typed ("Ana@Empresa.com.br"); the schemas keep the lower-cased address for the work.
  const email = String(form.get("email") ?? "").trim();
  const services = servicesOf(args);
  const origin = requestOriginOf(args.request);
  // Set by the Turnstile widget (response-field-name) when the server asked for a challenge.
  const turnstileToken = String(form.get("turnstile_token") ?? "") || undefined;

  // "Back" from the code step: the e-mail step again, with the address kept.
  if (form.get("intent") === "change-email") return data<LoginResult>({ step: "email", email });

  if (form.get("intent") === "verify") {
    const parsed = signInSchema.safeParse({
      method: "email",
      email,
      token: form.get("token"),
      turnstile_token: turnstileToken,
    });
    if (!parsed.success) return data<LoginResult>({ step: "code", email, error: "invalidCode" }, { status: 422 });
    try {
      const { accessToken, expiresAt } = await signIn(services, parsed.data, origin);
      return redirect("/workspaces", { headers: { "Set-Cookie": sessionCookie(args, accessToken, expiresAt) } });
    } catch (error) {
      return failure(error, "code", email);
    }
  }

  const parsed = requestCodeSchema.safeParse({ email, turnstile_token: turnstileToken });
  if (!parsed.success) return data<LoginResult>({ step: "email", email, error: "invalidEmail" }, { status: 422 });
  try {
    await requestSignInCode(services, parsed.data, origin);
    return data<LoginResult>({ step: "code", email, sentAt: Date.now() });
  } catch (error) {
    return failure(error, "email", email);
  }
}

export default function Login() {
  const { t, i18n } = useTranslation("auth");
  const { hasEndedSession, turnstileSiteKey, scriptNonce } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as LoginResult | undefined;
  const step = result?.step ?? "email";
  const email = result?.email ?? "";
  const error = result?.error ? (
    <FormMessage id="login-error" tone="error">
      {t(`login.errors.${result.error}`)}
    </FormMessage>
  ) : null;
  // Past a soft limit the server asks for a challenge: the page's script shows it in the form it
  // protects (the widget adds the `turnstile_token` field) and sends the form again once solved.
  const challenge =
    result?.error === "challengeRequired" && turnstileSiteKey ? (
      <div
        className="min-h-[65px]"
        data-testid="turnstile-challenge"
        data-turnstile-site-key={turnstileSiteKey}
        data-turnstile-language={i18n.language === "pt-BR" ? "pt-br" : "en"}
        data-unavailable-message={t("login.errors.challengeUnavailable")}
      />
    ) : null;

  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold tracking-tight text-foreground">{t("login.title")}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{t("login.subtitle")}</p>
      {hasEndedSession && !result ? <FormMessage tone="info">{t("login.sessionEnded")}</FormMessage> : null}

      {step === "email" ? (
        <form method="post" className="mt-8 grid gap-4" noValidate data-login-step="email">
          <input type="hidden" name="intent" value="request-code" />
          <div className="grid gap-2">
            <Label htmlFor="email">{t("login.emailLabel")}</Label>
            <Input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              autoFocus
              placeholder={t("login.emailPlaceholder")}
              defaultValue={email}
              aria-invalid={result?.error === "invalidEmail" || undefined}
              aria-describedby={result?.error ? "login-error" : undefined}
            />
          </div>
          {error}
          {challenge}
          <Button type="submit" size="lg" className="w-full" data-busy-label={t("login.sendingCode")}>
            {t("login.continueWithEmail")}
          </Button>
        </form>
      ) : (
        <form method="post" className="mt-8 grid gap-4" noValidate data-login-step="code">
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="email" value={email} />
          {result?.sentAt && !result.error ? <FormMessage tone="success">{t("login.codeSent")}</FormMessage> : null}
          <div className="grid gap-2">
            <Label htmlFor="token">{t("login.codeLabel")}</Label>
            <Input
              id="token"
              name="token"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              autoFocus
              className="h-12 text-center font-mono text-2xl tracking-[0.5em] sm:text-2xl"
              aria-invalid={result?.error === "invalidCode" || undefined}
              aria-describedby="code-hint"
            />
            <p id="code-hint" className="text-sm text-muted-foreground">
              {t("login.codeHint", { email })}
            </p>
          </div>
          {error}
          {challenge}
          <div className="flex gap-3">
            <Button type="submit" form="change-email" variant="outline" size="lg">
              {t("login.back")}
            </Button>
            <Button type="submit" size="lg" className="flex-1" data-busy-label={t("login.verifying")}>
              {t("login.continue")}
            </Button>
          </div>
          <button
            type="submit"
            form="resend-code"
            className="justify-self-start text-sm font-medium text-accent-text underline-offset-4 hover:underline disabled:opacity-50"
          >
            {t("login.resend")}
          </button>
        </form>
      )}
      {/* Forms of the code step's other buttons, outside its form so that each sends only its own fields. */}
      <form method="post" id="resend-code" hidden>
        <input type="hidden" name="intent" value="request-code" />
        <input type="hidden" name="email" value={email} />
      </form>
      <form method="post" id="change-email" hidden>
        <input type="hidden" name="intent" value="change-email" />
        <input type="hidden" name="email" value={email} />
      </form>
      <script type="module" src={loginScriptUrl} nonce={scriptNonce} />
    </AuthLayout>
  );
}
