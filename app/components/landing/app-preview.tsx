import { useTranslation } from "react-i18next";
import { formatDate, formatMoney, formatPercent } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { Icon } from "./icon";

// A June in a household workspace, in centavos: the statement total is the sum of its lines.
const balance = 1_248_035;
const stats = [
  { key: "income", amount: 820_000, icon: "arrow-up-right", tone: "up" },
  { key: "expenses", amount: 513_490, icon: "arrow-down-right", tone: "down" },
] as const;
const statementLines = [
  { key: "laptop", amount: 45_990, installment: "3/10" },
  { key: "market", amount: 31_245 },
  { key: "streaming", amount: 5_590 },
] as const;
const statementTotal = statementLines.reduce((sum, line) => sum + line.amount, 0);
const lunch = 4_200;
// Six months of balance, drawn as a plain SVG path: no chart library on the landing page.
const balanceLine = "M0 46C24 44 40 50 62 41S104 30 126 33 166 22 190 24 232 12 256 13 286 6 300 5";

/**
 * The hero's product picture, drawn like the app's dashboard cards instead of a screenshot:
 * fixed size (landing.css), so nothing moves while the page loads, and one label for screen readers.
 */
export function AppPreview() {
  const { t } = useTranslation("landing");
  const language = useLanguage();
  const money = (cents: number) => formatMoney(cents, "BRL", language);
  const closingDate = formatDate("2025-06-28", language, { style: "dayMonth" });
  return (
    <div role="img" aria-label={t("preview.label")} className="preview">
      <div>
        <p className="wide top">
          <span className="avatar">{t("preview.workspace").charAt(0)}</span>
          {t("preview.workspace")}
          <span className="aside">{t("preview.month")}</span>
        </p>
        <div className="wide">
          <p className="label">
            {t("preview.balance")}
            <span className="change">{`${formatPercent(0.042, language, { isSigned: true })} ${t("preview.vsLastMonth")}`}</span>
          </p>
          <p className="amount balance">{money(balance)}</p>
          <svg viewBox="0 0 300 56" preserveAspectRatio="none" aria-hidden="true">
            <path d={`${balanceLine}V56H0Z`} fill="currentColor" fillOpacity=".12" />
            <path
              d={balanceLine}
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
        </div>
        {stats.map(({ key, amount, icon, tone }) => (
          <div key={key}>
            <p className="label">
              <span className={`dot ${tone}`}>
                <Icon name={icon} />
              </span>
              {t(`preview.${key}`)}
            </p>
            <p className="amount">{money(amount)}</p>
          </div>
        ))}
        <div className="wide">
          <p className="label">
            <Icon name="credit-card" />
            <b>{t("preview.statement")}</b>
            <span className="aside">{`•••• 4821 · ${t("preview.closes", { date: closingDate })}`}</span>
          </p>
          <ul>
            {statementLines.map((line) => (
              <li key={line.key}>
                {t(`preview.items.${line.key}`)}
                {"installment" in line ? <small className="installment">{line.installment}</small> : null}
                <span>{money(line.amount)}</span>
              </li>
            ))}
            <li>
              {t("preview.total")}
              <span>{money(statementTotal)}</span>
            </li>
          </ul>
        </div>
      </div>
      <div className="bot">
        <p>{t("preview.botMessage")}</p>
        <p>
          <Icon name="circle-check" />
          {`${t("preview.botReply")} · ${money(lunch)}`}
        </p>
      </div>
    </div>
  );
}
