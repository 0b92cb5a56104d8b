/**
 * Sessions for pages: the cookie, the current-workspace cookie, and the navigation guards (signed
 * out → /, no name → /onboarding, no workspace → /workspace-setup, a guest page while signed in →
 * home), enforced in loaders on the server so no wrong page ever renders first.
 */
import { readCookie } from "../../worker/i18n/language";
import { data, redirect, type MiddlewareFunction } from "react-router";
import { isSameOriginWrite } from "../../worker/access/access.middleware";
import { actingAs, type ActingContext, type PersonActor } from "../../worker/access/actor";
import { sessionPolicy } from "../../worker/access/session-policy";
import { identifyPerson } from "../../worker/access/session";
import { loadViewer, type Viewer } from "../../worker/pages/viewer.service";
import { pageContext, pageRefusalContext, type PageContext } from "../../worker/context";
import { AppError } from "../../worker/http/errors";

export const currentWorkspaceCookieName = "moneta_workspace";

type LoaderArgs = { request: Request; context: { get(key: typeof pageContext): PageContext } };

const isSecure = (request: Request, page: PageContext) =>
  new URL(request.url).protocol === "https:" || page.env.APP_ENV === "production";

function cookie(name: string, value: string, request: Request, page: PageContext, maxAgeSeconds: number) {
  return [
    `${name}=${value}`,
    "Path=/",
    `Max-Age=${maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(isSecure(request, page) ? ["Secure"] : []),
  ].join("; ");
}

export function sessionCookie(args: LoaderArgs, token: string, expiresAt: Date): string {
  const page = args.context.get(pageContext);
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - page.services.clock.now().getTime()) / 1000));
  return cookie(sessionPolicy.cookieName, token, args.request, page, maxAge);
}

export function clearedSessionCookie(args: LoaderArgs): string {
  return cookie(sessionPolicy.cookieName, "", args.request, args.context.get(pageContext), 0);
}

export function currentWorkspaceCookie(args: LoaderArgs, workspaceId: string): string {
  return cookie(
    currentWorkspaceCookieName,
    workspaceId,
    args.request,
    args.context.get(pageContext),
    60 * 60 * 24 * 365,
  );
}

export function servicesOf(args: LoaderArgs) {
  return args.context.get(pageContext).services;
}

/** The person behind a page request whose token is genuine; the session row is checked by the read that follows. */
const people = new WeakMap<Request, Promise<PersonActor | null>>();

/** Who sent the request, by its token; the layout's and the page's loaders share one verification. */
export function personOf(args: LoaderArgs): Promise<PersonActor | null> {
  let person = people.get(args.request);
  if (!person) {
    person = identifyPerson(servicesOf(args), args.request);
    people.set(args.request, person);
  }
  return person;
}

/** A revoked or expired session ends at /login with the cookie cleared (docs/product.md#sign-in-and-onboarding). */
export function toLogin(args: LoaderArgs): never {
  throw redirect("/login", { headers: { "Set-Cookie": clearedSessionCookie(args) } });
}

type ViewerData = Pick<Viewer, "user" | "workspaces" | "unreadNotifications">;
/** `ctx` acts as the signed-in person; it stays on the server (loaders return chosen fields only). */
export type SignedInViewer = Viewer & { ctx: PersonContext };
type PersonContext = ActingContext<PersonActor>;
type Lookup<T> =
  | { status: "signed-out" }
  | { status: "ended" }
  | { status: "signed-in"; viewer: T & { ctx: PersonContext } };
type ViewerLoad<T> = (ctx: PersonContext) => Promise<T>;

/** Signed out (no genuine token), ended (revoked, expired or idle session) or the viewer. */
export async function lookUpViewer<T extends ViewerData = Viewer>(
  args: LoaderArgs,
  load: ViewerLoad<T> = ((ctx) => loadViewer({ ctx })) as ViewerLoad<T>,
): Promise<Lookup<T>> {
  const person = await personOf(args);
  if (!person) return { status: "signed-out" };
  const ctx = actingAs(servicesOf(args), person);
  try {
    return { status: "signed-in", viewer: { ctx, ...(await load(ctx)) } };
  } catch (error) {
    if (error instanceof AppError && error.code === "UNAUTHENTICATED") return { status: "ended" };
    throw error;
  }
}

/** The workspace the person last opened, while they still belong to it. */
export function rememberedWorkspaceOf(args: LoaderArgs, viewer: Viewer): string | null {
  const remembered = readCookie(args.request.headers.get("Cookie"), currentWorkspaceCookieName);
  return viewer.workspaces.find((item) => item.uuid === remembered)?.uuid ?? null;
}

/** Where a signed-in person lands: the remembered workspace's dashboard, else /workspaces. */
export function homeOf(args: LoaderArgs, viewer: Viewer): string {
  const workspaceId = rememberedWorkspaceOf(args, viewer);
  return workspaceId ? `/workspaces/${workspaceId}/dashboard` : "/workspaces";
}

type Completion = "any" | "named" | "complete";

/**
 * Auth-required pages: signed out → "/" (an ended session → /login); no name → /onboarding;
 * a name but no workspace → /workspace-setup. `completion` says how far the page itself sits.
 */
export async function requireViewer<T extends ViewerData = Viewer>(
  args: LoaderArgs,
  completion: Completion = "complete",
  load?: ViewerLoad<T>,
): Promise<T & { ctx: PersonContext }> {
  const lookup = await lookUpViewer<T>(args, load);
  if (lookup.status === "ended") toLogin(args);
  if (lookup.status === "signed-out") throw redirect("/");
  const { viewer } = lookup;
  if (completion !== "any" && !viewer.user.name) throw redirect("/onboarding");
  if (completion === "complete" && viewer.workspaces.length === 0) throw redirect("/workspace-setup");
  return viewer;
}

/** Guest-only pages (/login): a signed-in person goes home instead. */
export async function requireGuest(args: LoaderArgs): Promise<{ hasEndedSession: boolean }> {
  const lookup = await lookUpViewer(args);
  if (lookup.status === "signed-in") throw redirect(homeOf(args, lookup.viewer));
  return { hasEndedSession: lookup.status === "ended" };
}

/** The root route's middleware: a refused page becomes the root error boundary's 403 or 503 page. */
export const refusedPagesAsErrorPage: MiddlewareFunction<Response> = ({ context }, next) => {
  const status = context.get(pageRefusalContext);
  if (status) throw data(null, { status });
  return next();
};

/** A second line behind the Worker's check, for actions: a foreign write is a 403, never a 500. */
export function refuseForeignWrites(args: LoaderArgs): void {
  if (!isSameOriginWrite(args.request, args.context.get(pageContext).env)) throw data(null, { status: 403 });
}

/** For actions: the same guards as pages, and the write must come from our own pages (cookie auth). */
export async function requireViewerForAction(args: LoaderArgs, completion: Completion = "complete") {
  refuseForeignWrites(args);
  return requireViewer(args, completion);
}

/**
 * For child routes whose layout already applied the guards: run a service as the signed-in
 * person; an ended session goes to /login, a workspace that is not theirs to /workspaces.
 */
export async function asPerson<T>(args: LoaderArgs, work: (ctx: PersonContext) => Promise<T>): Promise<T> {
  const person = await personOf(args);
  if (!person) throw redirect("/");
  try {
    return await work(actingAs(servicesOf(args), person));
  } catch (error) {
    if (error instanceof AppError && error.code === "UNAUTHENTICATED") toLogin(args);
    if (error instanceof AppError && error.code === "NOT_FOUND") throw redirect("/workspaces");
    throw error;
  }
}
