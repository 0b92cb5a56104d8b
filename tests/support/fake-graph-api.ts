import { createServer, type IncomingMessage } from "node:http";

/** One message the app sent, as the Graph API received it. */
export type SentWhatsAppMessage = {
  phoneNumberId: string;
  to: string;
  text: string;
  buttons: Array<{ id: string; title: string }>;
  /** A template message's name, language and named body parameters; null for a text or interactive one. */
  template: { name: string; language: string; parameters: Record<string, string> } | null;
  authorization: string | null;
};

type GraphMessageBody = {
  messaging_product?: string;
  to?: string;
  type?: string;
  text?: { body?: string };
  interactive?: { body?: { text?: string }; action?: { buttons?: Array<{ reply?: { id: string; title: string } }> } };
  template?: {
    name?: string;
    language?: { code?: string };
    components?: Array<{
      type?: string;
      parameters?: Array<{ type?: string; parameter_name?: string; text?: string }>;
    }>;
  };
};

function templateOf(body: GraphMessageBody): SentWhatsAppMessage["template"] {
  if (body.type !== "template" || !body.template) return null;
  const parameters: Record<string, string> = {};
  for (const component of body.template.components ?? [])
    for (const parameter of component.parameters ?? [])
      if (parameter.parameter_name) parameters[parameter.parameter_name] = parameter.text ?? "";
  return { name: body.template.name ?? "", language: body.template.language?.code ?? "", parameters };
}

const messagesPath = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/;

function readBody(request: IncomingMessage) {
  return new Promise<string>((done) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => done(body));
  });
}

function sentMessageOf(phoneNumberId: string, body: GraphMessageBody, authorization: string | null) {
  const buttons = (body.interactive?.action?.buttons ?? []).flatMap((button) => (button.reply ? [button.reply] : []));
  const text = body.type === "interactive" ? (body.interactive?.body?.text ?? "") : (body.text?.body ?? "");
  return { phoneNumberId, to: body.to ?? "", text, buttons, template: templateOf(body), authorization };
}

/**
 * The WhatsApp Cloud API's `POST /{version}/{phone-number-id}/messages` on 127.0.0.1: it records
 * each message (recipient, text, reply buttons), answers with Meta's success shape, and can be
 * told to fail, or to refuse a template as Meta does one that is not approved (error 132001). `url` is the
 * base the app is configured with (version included). Another process (a browser test) drives it over
 * HTTP: `GET /__sent`, `DELETE /__sent`, `POST /__control { fail_with }`.
 * `npm run bot:chat` listens with it too, printing each message as it arrives.
 */
export async function startFakeGraphApi(
  options: { port?: number; onMessage?: (message: SentWhatsAppMessage) => void } = {},
) {
  const sent: SentWhatsAppMessage[] = [];
  let attempts = 0;
  let failWith: number | null = null;
  const refusedTemplates = new Set<string>();
  let waiters: Array<() => void> = [];
  const json = (
    status: number,
    body: unknown,
  ): { status: number; body: string | Uint8Array; contentType?: string } => ({
    status,
    body: JSON.stringify(body),
  });
  const media = new Map<string, { bytes: Uint8Array; mimeType: string }>();
  const mediaReads: string[] = [];

  const answer = async (
    request: IncomingMessage,
  ): Promise<{ status: number; body: string | Uint8Array; contentType?: string }> => {
    const path = new URL(request.url ?? "/", "http://fake").pathname;
    if (path === "/__sent" && request.method === "GET") return json(200, sent);
    if (path === "/__sent" && request.method === "DELETE") {
      sent.splice(0);
      return json(200, {});
    }
    if (path === "/__control" && request.method === "POST") {
      failWith = (JSON.parse(await readBody(request)) as { fail_with: number | null }).fail_with;
      return json(200, {});
    }
    // Media a person sent: GET /{version}/{media-id} describes it, its URL gives the bytes; both need the token.
    const mediaRoute = /^\/v\d+\.\d+\/([^/]+)$/.exec(path) ?? /^\/__media\/([^/]+)$/.exec(path);
    if (mediaRoute && request.method === "GET") {
      const stored = media.get(decodeURIComponent(mediaRoute[1]!));
      if (!request.headers.authorization?.startsWith("Bearer "))
        return json(401, { error: { message: "No token", code: 190 } });
      if (!stored) return json(404, { error: { message: "Unknown media", code: 100 } });
      mediaReads.push(path);
      if (path.startsWith("/__media/")) return { status: 200, body: stored.bytes, contentType: stored.mimeType };
      return json(200, {
        messaging_product: "whatsapp",
        url: `${origin}/__media/${mediaRoute[1]}`,
        mime_type: stored.mimeType,
        file_size: stored.bytes.byteLength,
        id: mediaRoute[1],
      });
    }
    const route = messagesPath.exec(path);
    if (!route || request.method !== "POST") {
      return json(404, { error: { message: "Unknown path", type: "GraphMethodException", code: 100 } });
    }
    attempts += 1;
    const body = JSON.parse(await readBody(request)) as GraphMessageBody;
    if (failWith) return json(failWith, { error: { message: "Service temporarily unavailable", code: 2 } });
    if (body.messaging_product !== "whatsapp" || !body.to) {
      return json(400, { error: { message: "(#100) Invalid parameter", type: "OAuthException", code: 100 } });
    }
    if (body.type === "template" && refusedTemplates.has(body.template?.name ?? "")) {
      return json(404, {
        error: {
          message: "(#132001) Template name does not exist in the translation",
          type: "OAuthException",
          code: 132001,
        },
      });
    }
    const message = sentMessageOf(route[2]!, body, request.headers.authorization ?? null);
    sent.push(message);
    options.onMessage?.(message);
    for (const wake of waiters.splice(0)) wake();
    return json(200, {
      messaging_product: "whatsapp",
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id: `wamid.fake-${sent.length}-${crypto.randomUUID()}` }],
    });
  };

  const server = createServer(async (request, response) => {
    const { status, body, contentType } = await answer(request).catch((error: unknown) =>
      json(500, { error: String(error) }),
    );
    response.writeHead(status, { "Content-Type": contentType ?? "application/json" }).end(body);
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(options.port ?? 0, "127.0.0.1", done);
  });
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    /** The Graph API base the app sends to (WHATSAPP_GRAPH_API_URL). */
    url: `${origin}/v25.0`,
    origin,
    sent,
    /** Requests to the messages endpoint, failed ones included. */
    attempts: () => attempts,
    /** Answer every message with this HTTP status (null: succeed again). */
    failWith(status: number | null) {
      failWith = status;
    },
    /** A photo or file a person sends: what `GET /{media-id}` and its URL will hand out. */
    putMedia(id: string, bytes: Uint8Array, mimeType: string) {
      media.set(id, { bytes, mimeType });
    },
    /** The media paths read so far (the description, then the bytes). */
    mediaReads,
    /** Refuse this template, as Meta refuses one it has not approved (null name: approve them all again). */
    refuseTemplate(name: string | null) {
      if (name === null) refusedTemplates.clear();
      else refusedTemplates.add(name);
    },
    /** Resolves once `count` messages have been received in all, or rejects after `timeoutMs`. */
    async waitForMessages(count: number, timeoutMs = 5000): Promise<SentWhatsAppMessage[]> {
      const deadline = Date.now() + timeoutMs;
      while (sent.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`Expected ${count} WhatsApp messages, got ${sent.length}`);
        await new Promise<void>((wake) => {
          const timer = setTimeout(wake, left);
          waiters.push(() => {
            clearTimeout(timer);
            wake();
          });
        });
      }
      return sent.slice(0, count);
    },
    close: () =>
      new Promise<void>((done) => {
        waiters = [];
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

export type FakeGraphApi = Awaited<ReturnType<typeof startFakeGraphApi>>;

/**
 * The fake Graph API of another process (the browser tests' app server provides `graphApiOrigin`),
 * driven over its control routes.
 */
export function remoteGraphApi(origin: string) {
  const sent = async () => (await (await fetch(`${origin}/__sent`)).json()) as SentWhatsAppMessage[];
  return {
    sent,
    clear: async () => void (await fetch(`${origin}/__sent`, { method: "DELETE" })),
    failWith: async (status: number | null) =>
      void (await fetch(`${origin}/__control`, { method: "POST", body: JSON.stringify({ fail_with: status }) })),
    /** The messages sent to this phone, once at least `count` have arrived (polling, up to `timeoutMs`). */
    async waitForRepliesTo(phone: string, count = 1, timeoutMs = 10_000): Promise<SentWhatsAppMessage[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const replies = (await sent()).filter((message) => message.to === phone);
        if (replies.length >= count) return replies;
        if (Date.now() > deadline)
          throw new Error(`Expected ${count} WhatsApp replies to ${phone}, got ${replies.length}`);
        await new Promise((wait) => setTimeout(wait, 100));
      }
    },
  };
}
