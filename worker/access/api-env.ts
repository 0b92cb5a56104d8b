import type { ActingContext, PersonActor } from "./actor.ts";
import type { ServiceContext } from "../context.ts";
import type { Env } from "../env.ts";
import type { Language } from "../i18n/language.ts";
import type { RequestScope } from "../http/request-scope.ts";

/** What every API route sees: the Worker's bindings and the variables the request's middleware sets. */
export type ApiEnv = {
  Bindings: Env;
  /**
   * `ctx` (acting as the signed-in person) is set by requirePerson on routes that need one; `language`, by a
   * route that answers in a language of its own choosing (errors otherwise follow the `lang` cookie, then Accept-Language).
   */
  Variables: { scope: RequestScope; services: ServiceContext; ctx: ActingContext<PersonActor>; language?: Language };
};
