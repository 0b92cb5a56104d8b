import analyticsEnglish from "../../locales/en/analytics.json";
import analyticsPortuguese from "../../locales/pt-BR/analytics.json";
import { groupByCategory } from "../analytics/category-groups.ts";
import type { Report } from "../analytics/report-outcome.ts";
import { errorSentence } from "../i18n/error-sentences.ts";
import { formatAmountText, formatDate, formatPercent } from "../i18n/formats.ts";
import type { Language } from "../i18n/language.ts";
import type { AnalyticsReport } from "./analytics-pdf.layout.ts";
import { contentWidth, drawTable, fontSize, left, type PageCursor, rowHeight, type TableColumn } from "./pdf-layout.ts";
import { exportWords } from "./transaction-rows.ts";

/**
 * The analytics report's sections, in the page's order of reading: the summary, spending by tag,
 * income vs expenses per month, account performance, the balance trend, the cash flow, then the
 * budgets and goals. Each draws the figures its report's API answers, formatted.
 */

export const pageWords = { en: analyticsEnglish, "pt-BR": analyticsPortuguese } satisfies Record<
  Language,
  typeof analyticsEnglish
>;

export function analyticsReportWords(language: Language) {
  return exportWords[language].analyticsReport;
}

/** A sentence with its {{name}}s filled in. */
export const fill = (sentence: string, values: Record<string, string | number>) =>
  sentence.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole));

/** How the report writes amounts, percentages and dates in the person's language. */
export function formattersOf(language: Language, currency: string) {
  return {
    /** An amount in the workspace's currency, or in `own` (an account's, a budget's, a goal's). */
    money: (amount: string | null, own = currency) => formatAmountText(amount, own, language),
    /** The API's percentages are numbers of percent (12.5 → "12.5%"); "—" without one. */
    percent: (value: number | null) => (value === null ? "—" : formatPercent(value / 100, language)),
    date: (iso: string) => formatDate(iso, language, { style: "short" }),
    month: (iso: string) => formatDate(iso, language, { style: "monthYear" }),
  };
}

/** What a section is drawn with: where, the reports, the page's words and the report's own, the formats. */
export type Section = {
  cursor: PageCursor;
  report: AnalyticsReport;
  words: (typeof pageWords)[Language];
  reportWords: ReturnType<typeof analyticsReportWords>;
  format: ReturnType<typeof formattersOf>;
};

export function sectionTitle(cursor: PageCursor, title: string) {
  cursor.y -= 8;
  cursor.ensureRoom(4);
  cursor.page.text(left, cursor.y, title, { font: "bold", size: 11 });
  cursor.y -= rowHeight + 4;
}

export function note(cursor: PageCursor, text: string) {
  cursor.y -= 2;
  cursor.paragraph(text, fontSize, 0.35);
}

/**
 * A report's section: its title, then its tables when it is ready, or why it is not — the plan
 * (a line naming the plan that has it) or the range (the refusal, as the page's card says it).
 */
export function drawSection<T>(
  { cursor, report, reportWords }: Section,
  title: string,
  shown: Report<T>,
  draw: (data: T) => void,
  refusal?: string,
) {
  sectionTitle(cursor, title);
  if (shown.state === "ready") draw(shown.data);
  else if (shown.state === "locked") note(cursor, reportWords.locked);
  else note(cursor, refusal ?? errorSentence(shown.message.key, shown.message.values ?? {}, report.language));
}

/** A first column of names and `count` right-aligned figures, filling the width. */
function figureColumns(count: number, figureWidth: number): TableColumn[] {
  return [{ width: contentWidth - count * figureWidth }, ...Array(count).fill({ width: figureWidth, align: "right" })];
}

/** Income, expenses, net and the savings rate over the whole range. */
function drawSummary({ cursor, report, words, reportWords, format }: Section) {
  const { totals } = report.summary;
  sectionTitle(cursor, reportWords.summary);
  drawTable(cursor, {
    columns: Array(4).fill({ width: contentWidth / 4, align: "right" }),
    header: [words.income.income, words.income.expenses, words.income.net, words.income.savingsRate],
    rows: [
      {
        cells: [
          format.money(totals.income),
          format.money(totals.expenses),
          format.money(totals.net),
          format.percent(totals.savings_rate),
        ],
      },
    ],
  });
}

/**
 * Expenses by tag: each tag's amount and share of the total, the share drawn as a bar; a category's
 * subcategories follow it, named "Category › Subcategory", so none reads as a category of its own.
 */
function drawBreakdown(section: Section) {
  const { words, reportWords, format } = section;
  drawSection(section, reportWords.spendingByTag, section.report.breakdown, (data) => {
    drawTable(section.cursor, {
      columns: [
        { width: contentWidth - 300 },
        { width: 90, align: "right" },
        { width: 70, align: "right" },
        { width: 140 },
      ],
      header: [words.breakdown.tag, words.breakdown.amount, words.breakdown.share, ""],
      rows: groupByCategory(data)
        .flatMap(({ row, subcategories }) => {
          const name = row.tag?.name ?? words.breakdown.untagged;
          return [
            { name, row },
            ...subcategories.map((subcategory) => ({ name: `${name} › ${subcategory.tag!.name}`, row: subcategory })),
          ];
        })
        .map(({ name, row }) => ({
          cells: [name, format.money(row.amount), format.percent(row.share), { bar: row.share / 100 }],
        })),
      emptyText: reportWords.empty,
      isStriped: true,
    });
    if (data.categories.length > 1) note(section.cursor, words.breakdown.overlap);
  });
}

/** Per month of the range: income, expenses, net and the savings rate, then the totals. */
function drawIncomeVsExpenses({ cursor, report, words, reportWords, format }: Section) {
  const { months, totals } = report.summary;
  sectionTitle(cursor, words.income.title);
  const figures = (month: typeof totals) => [
    format.money(month.income),
    format.money(month.expenses),
    format.money(month.net),
    format.percent(month.savings_rate),
  ];
  drawTable(cursor, {
    columns: figureColumns(4, 95),
    header: [reportWords.month, words.income.income, words.income.expenses, words.income.net, words.income.savingsRate],
    rows: [
      ...months.map((month) => ({ cells: [format.month(month.start), ...figures(month)] })),
      { cells: [reportWords.total, ...figures(totals)], isBold: true },
    ],
    isStriped: true,
  });
}

/** Each account in its own currency: opening, in, out, closing and the change. */
function drawAccounts(section: Section) {
  const { format, reportWords } = section;
  const words = section.words.accounts;
  drawSection(section, words.title, section.report.accounts, (data) => {
    drawTable(section.cursor, {
      columns: figureColumns(5, 75),
      header: [words.account, words.opening, words.inflows, words.outflows, words.closing, words.change],
      rows: data.accounts.map((account) => ({
        cells: [
          account.is_active ? account.name : `${account.name} (${words.archived})`,
          ...[account.opening, account.inflows, account.outflows, account.closing, account.change].map((amount) =>
            format.money(amount, account.currency),
          ),
        ],
      })),
      emptyText: reportWords.empty,
      isStriped: true,
    });
    note(section.cursor, words.ownCurrency);
  });
}

/** The total balance at the range's start and end, and on its lowest and highest day. */
function drawBalance(section: Section) {
  const { format, reportWords } = section;
  const words = section.words.balance;
  drawSection(
    section,
    words.title,
    section.report.balance,
    (data) => {
      const first = data.points[0];
      const last = data.points.at(-1);
      if (!first || !last || data.accounts.length === 0) return note(section.cursor, reportWords.empty);
      const byTotal = [...data.points].sort((a, b) => a.total_cents - b.total_cents || a.date.localeCompare(b.date));
      const point = (label: string, { date, total }: (typeof data.points)[number]) => ({
        cells: [label, format.date(date), format.money(total)],
      });
      drawTable(section.cursor, {
        columns: figureColumns(2, 110),
        header: ["", words.date, words.total],
        rows: [
          point(words.first, first),
          point(reportWords.lowest, byTotal[0]!),
          point(reportWords.highest, byTotal.at(-1)!),
          point(words.last, last),
        ],
      });
    },
    // As the page's card: the one refusal a range the other reports read can meet is its daily limit.
    words.tooLong,
  );
}

/** What came in and went out in the range, then what the coming 30, 60 and 90 days already hold. */
function drawCashFlow(section: Section) {
  const { cursor, words, reportWords, format } = section;
  const { projection: projectionWords } = words.cashFlow;
  drawSection(section, words.cashFlow.title, section.report.cashFlow, (data) => {
    drawTable(cursor, {
      columns: figureColumns(3, 110),
      header: ["", words.income.income, words.income.expenses, words.income.net],
      rows: [
        {
          cells: [
            reportWords.inRange,
            ...[data.totals.income, data.totals.expenses, data.totals.net].map((amount) => format.money(amount)),
          ],
        },
      ],
    });
    cursor.y -= 6;
    cursor.ensureRoom(6);
    cursor.page.text(left, cursor.y, projectionWords.title, { font: "bold", size: 9 });
    cursor.y -= rowHeight;
    drawTable(cursor, {
      columns: [{ width: 130 }, ...[70, 70, 65, 90, 90].map((width) => ({ width, align: "right" as const }))],
      header: [
        "",
        words.income.income,
        words.income.expenses,
        words.income.net,
        projectionWords.statementsDue,
        projectionWords.cashNet,
      ],
      rows: data.projection.map((horizon) => ({
        cells: [
          `${fill(projectionWords.days_other, { count: horizon.days })} · ${fill(projectionWords.until, { date: format.date(horizon.end_date) })}`,
          ...[horizon.income, horizon.expenses, horizon.net, horizon.statements_due, horizon.cash_net].map((amount) =>
            format.money(amount),
          ),
        ],
      })),
    });
    note(cursor, projectionWords.includes);
  });
}

/** Each budget over the months of the range: what was spent, what is left and the share used, drawn as a bar. */
function drawBudgets(section: Section) {
  const { format, reportWords } = section;
  const words = section.words.budgets;
  drawSection(section, words.title, section.report.budgets, (data) => {
    drawTable(section.cursor, {
      columns: [
        ...figureColumns(3, 85).map((column, index) => (index === 0 ? { width: 140 } : column)),
        { width: 120 },
      ],
      header: [words.budget, words.spent, words.remaining, words.used, ""],
      rows: data.budgets.map((budget) => ({
        cells: [
          budget.tag?.name ?? words.allSpending,
          format.money(budget.period.spent, budget.currency),
          format.money(budget.period.remaining, budget.currency),
          format.percent(budget.period.percent_used),
          { bar: budget.period.percent_used / 100 },
        ],
      })),
      emptyText: reportWords.empty,
      isStriped: true,
    });
  });
}

/** Each goal: the share reached, drawn as a bar, what is saved and what it aims at. */
function drawGoals(section: Section) {
  const { format, reportWords } = section;
  const words = section.words.goals;
  drawSection(section, words.title, section.report.goals, (data) => {
    drawTable(section.cursor, {
      columns: [{ width: 155 }, { width: 120 }, ...figureColumns(3, 80).slice(1)],
      header: [words.goal, reportWords.progress, words.current, words.target, "%"],
      rows: data.goals.map((goal) => ({
        cells: [
          goal.name,
          { bar: goal.percent / 100 },
          format.money(goal.current_amount, goal.currency),
          format.money(goal.target_amount, goal.currency),
          format.percent(goal.percent),
        ],
      })),
      emptyText: reportWords.empty,
      isStriped: true,
    });
  });
}

export const sectionDrawers: ReadonlyArray<(section: Section) => void> = [
  drawSummary,
  drawBreakdown,
  drawIncomeVsExpenses,
  drawAccounts,
  drawBalance,
  drawCashFlow,
  drawBudgets,
  drawGoals,
];
