import { type RefObject, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { AuthLayout } from "~/components/auth/auth-layout";
import { FormMessage } from "~/components/auth/form-message";
import { TurnstileWidget } from "~/components/auth/turnstile-widget";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { detectLanguage, type Language } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { requireGuest, servicesOf, sessionCookie } from "~/lib/session.server";
import { requestOriginOf } from "../../worker/auth/auth.middleware";
import { requestCodeSchema, signInSchema } from "../../worker/auth/auth.schemas";
import { requestSignInCode, signIn } from "../../worker/auth/auth.service";
import { AppError } from "../../worker/http/errors";
import type { Route } from "./+types/login";

export const handle = { i18n: ["auth"] };

export async function loader(args: Route.LoaderArgs) {
  const { hasEndedSession } = await requireGuest(args);
  // Public by design: the widget needs it in the browser when the server asks for a challenge.
  const turnstileSiteKey = servicesOf(args).env.TURNSTILE_SITE_KEY || null;
  return {
    title: serverI18n(detectLanguage(args.request)).t("auth:meta.loginTitle"),
    hasEndedSession,
    turnstileSiteKey,
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
  const email = String(form.get("email") ?? "");
  const services = servicesOf(args);
  const origin = requestOriginOf(args.request);
  // Set by the Turnstile widget (response-field-name) when the server asked for a challenge.
  const turnstileToken = String(form.get("turnstile_token") ?? "") || undefined;

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
      return failure(error, "code", parsed.data.email);
    }
  }

  const parsed = requestCodeSchema.safeParse({ email, turnstile_token: turnstileToken });
  if (!parsed.success) return data<LoginResult>({ step: "email", email, error: "invalidEmail" }, { status: 422 });
  try {
    await requestSignInCode(services, parsed.data, origin);
    return data<LoginResult>({ step: "code", email: parsed.data.email, sentAt: Date.now() });
  } catch (error) {
    return failure(error, "email", parsed.data.email);
  }
}

export default function Login() {
  const { t, i18n } = useTranslation("auth");
  const { hasEndedSession, turnstileSiteKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as LoginResult | undefined;
  const navigation = useNavigation();
  const [step, setStep] = useState<LoginResult["step"]>(result?.step ?? "email");
  const [email, setEmail] = useState(result?.email ?? "");
  const [code, setCode] = useState("");
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const emailForm = useRef<HTMLFormElement>(null);
  const codeForm = useRef<HTMLFormElement>(null);
  const [isChallengeUnavailable, setChallengeUnavailable] = useState(false);
  const isChallenged = result?.error === "challengeRequired" && !submitting;
  const errorKey = isChallengeUnavailable && isChallenged ? "challengeUnavailable" : result?.error;
  // Past a soft limit the server asks for a challenge: show it in the form it protects and resend once solved.
  const challenge = (form: RefObject<HTMLFormElement | null>) =>
    isChallenged && turnstileSiteKey ? (
      <TurnstileWidget
        siteKey={turnstileSiteKey}
        language={i18n.language as Language}
        onSolved={() => form.current?.requestSubmit()}
        onUnavailable={() => setChallengeUnavailable(true)}
      />
    ) : null;

  // Each answer from the server decides the step (a new code was sent, or the code was wrong).
  useEffect(() => {
    if (!result) return;
    setStep(result.step);
    setChallengeUnavailable(false);
    if (result.step === "code" && result.sentAt) setCode("");
  }, [result]);

  const goBack = () => {
    setStep("email");
    setCode("");
  };

  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold tracking-tight text-foreground">{t("login.title")}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{t("login.subtitle")}</p>
      {hasEndedSession && !result ? <FormMessage tone="info">{t("login.sessionEnded")}</FormMessage> : null}

      {step === "email" ? (
        <Form ref={emailForm} method="post" className="mt-8 grid gap-4" noValidate>
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
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={result?.error === "invalidEmail" || undefined}
              aria-describedby={result?.error ? "login-error" : undefined}
            />
          </div>
          {errorKey ? (
            <FormMessage id="login-error" tone="error">
              {t(`login.errors.${errorKey}`)}
            </FormMessage>
          ) : null}
          {challenge(emailForm)}
          <Button type="submit" size="lg" className="w-full" disabled={Boolean(submitting) || email.trim() === ""}>
            {submitting === "request-code" ? t("login.sendingCode") : t("login.continueWithEmail")}
          </Button>
        </Form>
      ) : (
        <Form ref={codeForm} method="post" className="mt-8 grid gap-4" noValidate>
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
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, 6))}
              aria-invalid={result?.error === "invalidCode" || undefined}
              aria-describedby="code-hint"
            />
            <p id="code-hint" className="text-sm text-muted-foreground">
              {t("login.codeHint", { email })}
            </p>
          </div>
          {errorKey ? <FormMessage tone="error">{t(`login.errors.${errorKey}`)}</FormMessage> : null}
          {challenge(codeForm)}
          <div className="flex gap-3">
            <Button type="button" variant="outline" size="lg" onClick={goBack} disabled={Boolean(submitting)}>
              {t("login.back")}
            </Button>
            <Button type="submit" size="lg" className="flex-1" disabled={Boolean(submitting) || !/^\d{6}$/.test(code)}>
              {submitting === "verify" ? t("login.verifying") : t("login.continue")}
            </Button>
          </div>
          <button
            type="submit"
            form="resend-code"
            className="justify-self-start text-sm font-medium text-accent underline-offset-4 hover:underline disabled:opacity-50"
            disabled={Boolean(submitting)}
          >
            {t("login.resend")}
          </button>
        </Form>
      )}
      <Form method="post" id="resend-code" hidden>
        <input type="hidden" name="intent" value="request-code" />
        <input type="hidden" name="email" value={email} />
      </Form>
    </AuthLayout>
  );
}
