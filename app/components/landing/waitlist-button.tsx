import { Button, type ButtonProps } from "~/components/ui/button";
import { landingIds } from "./landing-ids";

/** A kit Button that opens the waitlist dialog: the page's script listens for data-waitlist-open. */
export function WaitlistButton(props: ButtonProps) {
  return <Button aria-haspopup="dialog" aria-controls={landingIds.waitlistDialog} data-waitlist-open="" {...props} />;
}
