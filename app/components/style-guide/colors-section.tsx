import { useTranslation } from "react-i18next";
import { defaultWorkspaceColors, shadeSteps, themeVariables, type WorkspaceColors } from "~/lib/theme";
import { Section, Specimen } from "./section";

const workspaceColorNames = Object.keys(defaultWorkspaceColors) as (keyof WorkspaceColors)[];
const shadeNames = Object.keys(shadeSteps);
const variables = themeVariables();

const statusColors = [
  { key: "success", className: "bg-success" },
  { key: "warning", className: "bg-warning" },
  { key: "destructive", className: "bg-destructive" },
  { key: "info", className: "bg-info" },
] as const;

const neutralColors = [
  { key: "background", className: "bg-background" },
  { key: "card", className: "bg-card" },
  { key: "muted", className: "bg-muted" },
  { key: "border", className: "bg-border" },
  { key: "mutedForeground", className: "bg-muted-foreground" },
  { key: "foreground", className: "bg-foreground" },
] as const;

function ShadeRamp({ name }: { name: keyof WorkspaceColors }) {
  const { t } = useTranslation("style-guide");
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="flex items-center gap-2.5">
          <span
            className="size-4 rounded-full ring-1 ring-primary-900/10 ring-inset"
            style={{ backgroundColor: `var(--${name})` }}
            aria-hidden
          />
          <span className="font-semibold text-foreground">{t(`colors.workspace.${name}.name`)}</span>
          <code className="font-mono text-xs text-muted-foreground uppercase">{defaultWorkspaceColors[name]}</code>
        </p>
        <p className="text-sm text-muted-foreground">{t(`colors.workspace.${name}.role`)}</p>
      </div>
      <ol className="grid grid-cols-5 gap-1.5 sm:grid-cols-10">
        {shadeNames.map((shade) => {
          const hex = variables[`--${name}-${shade}`]!;
          return (
            <li key={shade} className="min-w-0">
              <div
                className="h-12 rounded-md ring-1 ring-primary-900/10 ring-inset sm:h-14"
                style={{ backgroundColor: `var(--${name}-${shade})` }}
                aria-hidden
              />
              <p className="mt-1.5 text-xs font-medium text-foreground">{shade}</p>
              <p className="truncate font-mono text-[0.6875rem] text-muted-foreground uppercase">{hex}</p>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function Swatch({ label, className }: { label: string; className: string }) {
  return (
    <li className="flex items-center gap-3">
      <span className={`size-9 shrink-0 rounded-lg ring-1 ring-primary-900/10 ring-inset ${className}`} aria-hidden />
      <span className="text-sm text-foreground">{label}</span>
    </li>
  );
}

export function ColorsSection() {
  const { t } = useTranslation("style-guide");
  return (
    <Section id="colors" title={t("sections.colors.title")} description={t("sections.colors.description")}>
      <div className="grid gap-4">
        <Specimen label={t("colors.workspaceLabel")}>
          <div className="grid gap-8">
            {workspaceColorNames.map((name) => (
              <ShadeRamp key={name} name={name} />
            ))}
          </div>
        </Specimen>
        <div className="grid gap-4 md:grid-cols-[2fr_3fr]">
          <Specimen label={t("colors.statusLabel")}>
            <ul className="grid grid-cols-2 gap-4">
              {statusColors.map(({ key, className }) => (
                <Swatch key={key} label={t(`colors.status.${key}`)} className={className} />
              ))}
            </ul>
          </Specimen>
          <Specimen label={t("colors.neutralLabel")}>
            <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3">
              {neutralColors.map(({ key, className }) => (
                <Swatch key={key} label={t(`colors.neutral.${key}`)} className={className} />
              ))}
            </ul>
          </Specimen>
        </div>
      </div>
    </Section>
  );
}
