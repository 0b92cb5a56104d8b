import type * as reports from "../analytics/analytics.service.ts";
import type { Report } from "../analytics/report-outcome.ts";
import type { budgetAnalysis } from "../budgets/budgets.service.ts";
import type { goalsProgress } from "../goals/goals.service.ts";
import type { Language } from "../i18n/language.ts";
import { fill, formattersOf, pageWords, type Section, sectionDrawers } from "./analytics-pdf.sections.ts";
import type { PdfPage } from "./pdf.ts";
import { drawHeading, fontSize, numberPages, PageCursor } from "./pdf-layout.ts";
import { exportWords } from "./transaction-rows.ts";

/**
 * The analytics report's A4 pages (laid out with pdf-layout.ts): the heading, then one section per
 * report (analytics-pdf.sections.ts), each as tables with the words of the analytics page itself
 * (locales/…/analytics.json) and its amounts formatted as the page formats them. A report the plan
 * lacks is a line saying which plan has it; one refused for the range says why, as its card does.
 */

type Data<Service extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<Service>>;

export type AnalyticsReport = {
  language: Language;
  workspaceName: string;
  generatedOn: string;
  /** Income vs expenses: every plan that exports reads it, so it is always there. */
  summary: Data<typeof reports.incomeVsExpenses>;
  breakdown: Report<Data<typeof reports.categoryBreakdown>>;
  accounts: Report<Data<typeof reports.accountPerformance>>;
  balance: Report<Data<typeof reports.balanceTrend>>;
  cashFlow: Report<Data<typeof reports.cashFlow>>;
  budgets: Report<Data<typeof budgetAnalysis>>;
  goals: Report<Data<typeof goalsProgress>>;
};

/** The currencies some report left out for want of a rate, once for the whole report. */
function unconvertedCurrencies(report: AnalyticsReport): string[] {
  const lists = [report.breakdown, report.accounts, report.balance, report.cashFlow, report.budgets, report.goals]
    .filter((shown) => shown.state === "ready")
    .map((shown) => shown.data.unconverted_currencies);
  return [...new Set([...report.summary.unconverted_currencies, ...lists.flat()])].sort();
}

export function analyticsReportPages(report: AnalyticsReport): PdfPage[] {
  const { language, summary } = report;
  const words = exportWords[language];
  const reportWords = words.analyticsReport;
  const cursor = new PageCursor(`${reportWords.title} · ${report.workspaceName}`);
  const format = formattersOf(language, summary.currency);
  drawHeading(cursor, {
    title: reportWords.title,
    workspaceName: report.workspaceName,
    period: fill(words.statement.period, { from: format.date(summary.from), to: format.date(summary.to) }),
    generated: fill(words.statement.generated, { date: format.date(report.generatedOn) }),
  });
  const section: Section = { cursor, report, words: pageWords[language], reportWords, format };
  cursor.paragraph(fill(reportWords.currency, { currency: summary.currency }), fontSize, 0.35);
  const unconverted = unconvertedCurrencies(report);
  if (unconverted.length > 0)
    cursor.paragraph(fill(section.words.unconverted, { currencies: unconverted.join(", ") }), fontSize, 0.35);
  for (const draw of sectionDrawers) draw(section);
  numberPages(cursor.pages, words.statement.page);
  return cursor.pages;
}
