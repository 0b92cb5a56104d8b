import type { ComponentProps } from "react";
import { UpcomingPlannedList } from "./upcoming-planned";
import { ProjectionCards, ProjectionHorizon, type VirtualBalance } from "./virtual-balance-panel";

type Upcoming = ComponentProps<typeof UpcomingPlannedList>["items"];

/**
 * The projection in place of today's figures (docs/product.md#dashboard-and-projection): its horizon, its five cards
 * and what is still to come. Only a visit with the toggle on renders it, so its code loads with it
 * (the server renders it in full; the browser keeps that markup until the code arrives).
 */
export default function ProjectionPanel({
  balance,
  upcoming,
  error,
  workspaceId,
}: {
  balance: VirtualBalance;
  upcoming: Upcoming;
  error?: string;
  workspaceId: string;
}) {
  return (
    <>
      <ProjectionHorizon balance={balance} error={error} />
      <ProjectionCards balance={balance} />
      <UpcomingPlannedList items={upcoming} endDate={balance.end_date} workspaceId={workspaceId} />
    </>
  );
}
