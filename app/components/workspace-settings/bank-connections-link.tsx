import { useTranslation } from "react-i18next";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/utils";

/**
 * "Bank connections" in the workspace's settings: what they do, and the way to their page (loaded whole,
 * for the Content-Security-Policy that lets Pluggy's widget in there).
 */
export function BankConnectionsLink({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation("workspace-settings");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("bankConnections.title")}</CardTitle>
        <CardDescription>{t("bankConnections.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <a
          href={`/workspaces/${workspaceId}/bank-connections`}
          className={cn(buttonVariants({ variant: "outline" }), "w-fit")}
        >
          <Icon name="wifi" />
          {t("bankConnections.open")}
        </a>
      </CardContent>
    </Card>
  );
}
