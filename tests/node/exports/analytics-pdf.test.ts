import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertTag } from "../../../db/factories.ts";
import { users, workspaces } from "../../../db/schema/index.ts";
import { incomeVsExpenses } from "../../../worker/analytics/analytics.service.ts";
import { analyticsReportPages } from "../../../worker/exports/analytics-pdf.layout.ts";
import { exportAnalyticsPdf } from "../../../worker/exports/analytics-pdf.service.ts";
import { a4, writePdf } from "../../../worker/exports/pdf.ts";
import { measureWinAnsi } from "../../../worker/exports/pdf-fonts.ts";
import { toWinAnsi } from "../../../worker/exports/winansi.ts";
import { formatAmountText, formatPercent } from "../../../worker/i18n/formats.ts";
import type { Language } from "../../../worker/i18n/language.ts";
import { countingBatches } from "../../support/counting-batches.ts";
import { allText, readPdf } from "../../support/pdf-text.ts";
import { personContext } from "../../support/service-context.ts";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import type { HouseholdLedger } from "../transactions/ledger-fixture.ts";
import { reportLedger } from "../analytics/report-ledger.ts";

const range = "from=2026-10-01&to=2026-11-30";
/** The page's name for money with no tag. */
const untagged: Record<Language, string> = { en: "No tag", "pt-BR": "Sem etiqueta" };

describe("exporting the analytics page as a PDF report", () => {
  let t: TestApp;
  let h: HouseholdLedger;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    ({ h } = await reportLedger(t));
    await t.db.update(workspaces).set({ name: "Casa da Ana" }).where(eq(workspaces.id, h.workspaceId));
  });
  const exportPath = (query: string) => `/api/workspaces/${h.workspaceId}/exports/analytics.pdf?${query}`;
  const api = async (rest: string) => {
    const response = await t.request(`/api/workspaces/${h.workspaceId}${rest}`, { token: h.member.token });
    expect(response.status, rest).toBe(200);
    return (await response.json()).data;
  };
  const pdfOf = async (query: string, token = h.member.token) => {
    const response = await t.request(exportPath(query), { token });
    expect(response.status, await response.clone().text()).toBe(200);
    return readPdf(new Uint8Array(await response.arrayBuffer()));
  };

  async function budgetAndGoal() {
    for (const [rest, body] of [
      ["/budgets", { tag_id: h.food.id, amount: "300.00", start_month: "2026-10" }],
      ["/goals", { name: "Viagem", target_amount: "5000.00", account_ids: [h.dollars.id] }],
    ] as const) {
      const response = await t.request(`/api/workspaces/${h.workspaceId}${rest}`, {
        method: "POST",
        token: h.member.token,
        json: body,
      });
      expect(response.status, await response.clone().text()).toBe(201);
    }
  }

  /** The PDF's lines that each report's API answer for the range gives, formatted as the page formats them. */
  async function linesFromTheApi(language: Language) {
    // The PDF's fonts print the no-break spaces Intl puts in "R$ 1,00" as spaces.
    const money = (amount: string, currency = "BRL") =>
      formatAmountText(amount, currency, language).replace(/[\u00a0\u202f]/g, " ");
    const percent = (value: number | null) => (value === null ? "—" : formatPercent(value / 100, language));
    const income = await api(`/analytics/income-vs-expenses?${range}`);
    const breakdown = await api(`/analytics/category-breakdown?${range}`);
    const accounts = await api(`/analytics/account-performance?${range}`);
    const balance = await api(`/analytics/balance-trend?${range}`);
    const flow = await api(`/analytics/cash-flow?${range}`);
    const budgets = await api(`/analytics/budget-analysis?${range}`);
    const goals = await api("/analytics/goals-progress");
    type Figures = Record<"income" | "expenses" | "net", string> & { savings_rate: number | null };
    const figures = (month: Figures) =>
      [money(month.income), money(month.expenses), money(month.net), percent(month.savings_rate)].join(" | ");
    type Category = { tag: { name: string } | null; amount: string; share: number };
    type Account = Record<"name" | "currency" | "opening" | "inflows" | "outflows" | "closing" | "change", string>;
    return {
      summary: figures(income.totals),
      months: income.months.map((month: Figures) => figures(month)),
      categories: breakdown.categories.map(
        (category: Category) =>
          `${category.tag?.name ?? untagged[language]} | ${money(category.amount)} | ${percent(category.share)}`,
      ),
      accounts: accounts.accounts.map((account: Account) =>
        [account.name, account.opening, account.inflows, account.outflows, account.closing, account.change]
          .map((value, index) => (index === 0 ? value : money(value, account.currency)))
          .join(" | "),
      ),
      balanceEnd: money(balance.points.at(-1).total),
      cashFlow: [flow.totals.income, flow.totals.expenses, flow.totals.net].map((amount) => money(amount)).join(" | "),
      horizon: [flow.projection[0].income, flow.projection[0].expenses, flow.projection[0].net].map((amount) =>
        money(amount),
      ),
      budget: `${money(budgets.budgets[0].period.spent)} | ${money(budgets.budgets[0].period.remaining)} | ${percent(budgets.budgets[0].period.percent_used)}`,
      goal: `${money(goals.goals[0].current_amount)} | ${money(goals.goals[0].target_amount)} | ${percent(goals.goals[0].percent)}`,
    };
  }

  it("writes every report of the range in Portuguese, with the figures the analytics API answers", async () => {
    await budgetAndGoal();
    const response = await t.request(exportPath(range), { token: h.viewer.token, headers: { Cookie: "lang=pt-BR" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="moneta-analises-2026-11-21.pdf"');
    const pdf = readPdf(new Uint8Array(await response.arrayBuffer()));
    const lines = pdf.pages.flatMap((page) => page.lines);
    const api = await linesFromTheApi("pt-BR");
    expect(lines.slice(0, 10)).toEqual([
      "Relatório de análises",
      "Casa da Ana",
      "Período: 01/10/2026 a 30/11/2026",
      "Gerado em 21/11/2026",
      "Todos os valores em BRL, cada dia convertido pela cotação daquele dia, salvo quando a seção diz outra coisa.",
      "Não incluído: EUR — ainda sem cotação",
      "Resumo",
      "Receitas | Despesas | Saldo | Taxa de poupança",
      api.summary,
      "Gastos por etiqueta",
    ]);
    // Worked out by hand in report-ledger.ts: R$ 3.550,00 in, R$ 540,00 out (the euro expense has no rate).
    expect(api.summary).toBe("R$ 3.550,00 | R$ 540,00 | R$ 3.010,00 | 84,8%");
    expect(lines).toEqual(expect.arrayContaining(["Etiqueta | Valor | Participação", ...api.categories]));
    expect(api.categories).toEqual([
      "Food | R$ 350,00 | 64,8%",
      "Home | R$ 310,00 | 57,4%",
      "Sem etiqueta | R$ 80,00 | 14,8%",
    ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        "Receitas x despesas",
        `out. de 2026 | ${api.months[0]}`,
        `nov. de 2026 | ${api.months[1]}`,
        `Total | ${api.summary}`,
        "Desempenho das contas",
        "Conta | Inicial | Entradas | Saídas | Final | Variação",
        ...api.accounts,
        "Evolução do saldo",
        `No fim | 30/11/2026 | ${api.balanceEnd}`,
        "Fluxo de caixa",
        `Neste período | ${api.cashFlow}`,
        "Análise de orçamentos",
        "Orçamento | Gasto | Restante | Usado",
        `Food | ${api.budget}`,
        "Progresso das metas",
        `Viagem | ${api.goal}`,
      ]),
    );
    expect(lines).toContain("Nubank | R$ 1.000,00 | R$ 3.000,00 | R$ 930,00 | R$ 3.070,00 | R$ 2.070,00");
    expect(
      lines.some((line) => line.startsWith(`Próximos 30 dias · até 21/12/2026 | ${api.horizon.join(" | ")}`)),
    ).toBe(true);
    expect(lines).not.toContain("Disponível no plano Ilimitado, que inclui as análises avançadas.");
    for (const [index, page] of pdf.pages.entries()) {
      expect(page.lines.at(-1)).toBe(`Página ${index + 1} de ${pdf.pages.length}`);
      if (index > 0) expect(page.lines[0]).toBe("Relatório de análises · Casa da Ana");
      // Every piece of text stays inside the margins of the A4 page, measured with Helvetica's widths.
      for (const piece of page.pieces) {
        const width = measureWinAnsi(toWinAnsi(piece.text), piece.font === "F2" ? "bold" : "regular", piece.size);
        expect(piece.x).toBeGreaterThanOrEqual(40);
        expect(piece.x + width).toBeLessThanOrEqual(a4.width - 40 + 0.01);
        expect(piece.y).toBeGreaterThan(0);
        expect(piece.y).toBeLessThan(a4.height);
      }
    }
  });

  it("lists a subcategory after its category, named under it, never as a category of its own", async () => {
    const rent = await insertTag(t.db, { workspaceId: h.workspaceId, name: "Rent", parentId: h.home.id });
    const recorded = await h.record({
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "60.00",
      date: "2026-11-16",
      description: "Rent",
      tag_ids: [rent.id],
    });
    expect(recorded.status).toBe(201);
    const lines = (await pdfOf(`${range}&language=en`)).pages.flatMap((page) => page.lines);
    const home = lines.indexOf("Home | R$370.00 | 61.7%");
    expect(home).toBeGreaterThan(-1);
    expect(lines[home + 1]).toBe("Home › Rent | R$60.00 | 10.0%");
    expect(lines.some((line) => line.startsWith("Rent |"))).toBe(false);
  });

  it("writes English when asked, and reads every report in ONE database round trip", async () => {
    await budgetAndGoal();
    const pdf = await pdfOf(`${range}&language=en`);
    const lines = pdf.pages.flatMap((page) => page.lines);
    const api = await linesFromTheApi("en");
    expect(lines.slice(0, 3)).toEqual(["Analytics report", "Casa da Ana", "Period: 10/01/2026 to 11/30/2026"]);
    expect(api.summary).toBe("R$3,550.00 | R$540.00 | R$3,010.00 | 84.8%");
    expect(lines).toEqual(
      expect.arrayContaining([
        "Summary",
        api.summary,
        "Spending by tag",
        "No tag | R$80.00 | 14.8%",
        `Oct 2026 | ${api.months[0]}`,
        "Account performance",
        ...api.accounts,
        "Balance trend",
        `At the end | 11/30/2026 | ${api.balanceEnd}`,
        "Cash flow",
        `In this range | ${api.cashFlow}`,
        "Budget analysis",
        `Food | ${api.budget}`,
        "Goals progress",
        `Viagem | ${api.goal}`,
      ]),
    );
    expect(lines).toContain("Wise USD | $500.00 | $210.00 | $30.00 | $680.00 | $180.00");

    const { database, counted } = countingBatches(t.db);
    const ctx = personContext(database, t.clock, h.member);
    await exportAnalyticsPdf({
      ctx,
      input: { workspaceId: h.workspaceId, from: "2026-10-01", to: "2026-11-30", language: "en" },
    });
    expect(counted.batches).toBe(1);
  });

  it("refuses a workspace whose owner's plan lacks export features, with the export sentence", async () => {
    await t.db.update(users).set({ tier: "free" }).where(eq(users.id, h.owner.user.id));
    const refused = await t.request(exportPath(`${range}&language=en`), { token: h.member.token });
    expect(refused.status).toBe(403);
    const envelope = await refused.json();
    expect(envelope.code).toBe("PLAN_UPGRADE_REQUIRED");
    expect(envelope.message).toMatch(/Excel and PDF exports come with the Unlimited plan/);
    // A range the free plan could not read is still the plan's refusal, not the range's.
    const early = await t.request(exportPath("from=2020-01-01&to=2020-12-31"), { token: h.member.token });
    expect((await early.json()).code).toBe("PLAN_UPGRADE_REQUIRED");
  });

  it("leaves the advanced reports out where the plan lacks advanced analytics, naming the plan that has them", async () => {
    const ctx = personContext(t.db, t.clock, h.member);
    const summary = await incomeVsExpenses({
      ctx,
      input: { workspaceId: h.workspaceId, from: "2026-10-01", to: "2026-11-30" },
    });
    const locked = { state: "locked", freeFrom: "2025-12-01" } as const;
    const pages = analyticsReportPages({
      language: "pt-BR",
      workspaceName: "Casa da Ana",
      generatedOn: "2026-11-21",
      summary,
      breakdown: locked,
      accounts: locked,
      balance: { state: "refused", field: "group_by", message: { key: "errors:fields.rangeTooLongDaily" } },
      cashFlow: locked,
      budgets: locked,
      goals: locked,
    });
    const text = allText(readPdf(await writePdf({ pages, title: "", language: "pt-BR", createdAt: new Date() })));
    const lockedLine = "Disponível no plano Ilimitado, que inclui as análises avançadas.";
    for (const title of ["Gastos por etiqueta", "Desempenho das contas", "Fluxo de caixa", "Análise de orçamentos"])
      expect(text).toContain(`${title}\n${lockedLine}`);
    expect(text).toContain(`Progresso das metas\n${lockedLine}`);
    expect(text).toContain("Evolução do saldo\nA evolução do saldo");
    // The free reports are there; nothing of the advanced ones is.
    expect(text).toContain("R$ 3.550,00 | R$ 540,00 | R$ 3.010,00 | 84,8%");
    expect(text).not.toMatch(/Food|Nubank|Neste período|Orçamento \||Meta \|/);
  });

  it("says why the balance trend is missing for a range over a year, and refuses a range no report reads", async () => {
    const long = await pdfOf("from=2025-06-01&to=2026-11-30&language=en");
    const text = allText(long);
    expect(text).toContain("Balance trend\nThe balance trend draws up to 366 days: choose a range of a year or less.");
    expect(text).toContain("Period: 06/01/2025 to 11/30/2026");
    expect(text).toContain("Cash flow\nIncome | Expenses | Net\nIn this range | R$3,550.00 | R$540.00 | R$3,010.00");
    // Without dates: the last 12 months to today, as the page.
    expect((await pdfOf("language=en")).pages[0]!.lines[2]).toBe("Period: 12/01/2025 to 11/21/2026");

    const reversed = await t.request(exportPath("from=2026-11-30&to=2026-10-01"), { token: h.member.token });
    expect(reversed.status).toBe(422);
    expect((await reversed.json()).errors).toEqual({ from: [expect.stringMatching(/start date/)] });
    const badDate = await t.request(exportPath("from=2026-13-01&language=fr"), { token: h.member.token });
    expect(badDate.status).toBe(422);
    expect(Object.keys((await badDate.json()).errors).sort()).toEqual(["from", "language"]);
  });

  it("answers a stranger 404 (before the plan is told) and no session 401", async () => {
    const stranger = await signInAs(t, { name: "Stranger" });
    const outsider = await t.request(exportPath(range), { token: stranger.token });
    expect(outsider.status).toBe(404);
    expect((await outsider.json()).code).toBe("NOT_FOUND");
    expect((await t.request(exportPath(range))).status).toBe(401);
  });
});
