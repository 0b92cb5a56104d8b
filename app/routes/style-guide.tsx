import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Brand } from "~/components/layout/brand";
import { LanguageSwitcher } from "~/components/layout/language-switcher";
import { ButtonsSection } from "~/components/style-guide/buttons-section";
import { CardsSection } from "~/components/style-guide/cards-section";
import { ChartsSection } from "~/components/style-guide/charts-section";
import { ColorsSection } from "~/components/style-guide/colors-section";
import { FeedbackSection } from "~/components/style-guide/feedback-section";
import { FormattingSection } from "~/components/style-guide/formatting-section";
import { FormsSection } from "~/components/style-guide/forms-section";
import { NavigationSection } from "~/components/style-guide/navigation-section";
import { OverlaysSection } from "~/components/style-guide/overlays-section";
import { sectionIds } from "~/components/style-guide/section";
import { TypographySection } from "~/components/style-guide/typography-section";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import {
  Sheet,
  SheetBody,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "~/components/ui/sheet";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import type { Route } from "./+types/style-guide";

export const handle = { i18n: ["style-guide"] };

export function loader({ request }: Route.LoaderArgs) {
  const t = serverI18n(detectLanguage(request)).t;
  return { title: t("style-guide:meta.title"), description: t("style-guide:meta.description") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "description", content: loaderData?.description },
];

const tocLinkClassName =
  "block rounded-md px-3 py-1.5 text-sm text-muted-foreground transition hover:bg-card hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

function TableOfContents({ isInSheet = false }: { isInSheet?: boolean }) {
  const { t } = useTranslation("style-guide");
  return (
    <ul className="grid gap-0.5">
      {sectionIds.map((id) => {
        const link = (
          <a href={`#${id}`} className={tocLinkClassName}>
            {t(`sections.${id}.title`)}
          </a>
        );
        return <li key={id}>{isInSheet ? <SheetClose asChild>{link}</SheetClose> : link}</li>;
      })}
    </ul>
  );
}

function ContentsSheet() {
  const { t } = useTranslation("style-guide");
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t("header.contents")}>
          <Icon name="panel-left" />
        </Button>
      </SheetTrigger>
      <SheetContent side="left">
        <SheetHeader>
          <SheetTitle>{t("header.contents")}</SheetTitle>
          <SheetDescription>{t("header.contentsDescription")}</SheetDescription>
        </SheetHeader>
        <SheetBody>
          <nav aria-label={t("header.contents")} className="-mx-3 pb-6">
            <TableOfContents isInSheet />
          </nav>
        </SheetBody>
      </SheetContent>
    </Sheet>
  );
}

export default function StyleGuide() {
  const { t } = useTranslation("style-guide");
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur-md">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex items-center gap-1">
            <ContentsSheet />
            <Link to="/" aria-label={t("common:nav.home")} className="rounded-md">
              <Brand />
            </Link>
            <span className="ml-2 hidden rounded-md bg-secondary-200 px-2 py-0.5 text-xs font-semibold text-foreground sm:inline">
              {t("header.badge")}
            </span>
          </div>
          <LanguageSwitcher />
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-12">
        <aside className="hidden lg:block">
          <nav aria-label={t("header.contents")} className="sticky top-16 -mx-3 py-10">
            <p className="px-3 pb-2 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
              {t("header.contents")}
            </p>
            <TableOfContents />
          </nav>
        </aside>
        <main className="min-w-0 pt-10 pb-24 sm:pt-14">
          <div className="mb-14 max-w-3xl">
            <Link
              to="/"
              className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground transition hover:text-foreground"
            >
              <Icon name="arrow-left" className="size-4" />
              {t("header.back")}
            </Link>
            <p className="mt-6 text-sm font-semibold tracking-wide text-accent-text uppercase">{t("intro.eyebrow")}</p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-foreground sm:text-5xl">
              {t("intro.title")}
            </h1>
            <p className="mt-4 text-base text-pretty text-muted-foreground sm:text-lg">{t("intro.lead")}</p>
          </div>
          <div className="grid gap-16 sm:gap-20">
            <ColorsSection />
            <TypographySection />
            <FormattingSection />
            <ButtonsSection />
            <FormsSection />
            <FeedbackSection />
            <OverlaysSection />
            <NavigationSection />
            <CardsSection />
            <ChartsSection />
          </div>
        </main>
      </div>
    </div>
  );
}
