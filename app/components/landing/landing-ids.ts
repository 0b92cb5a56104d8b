/** The elements the page's script (./script) finds by id; the server renders them with these. */
export const landingIds = {
  waitlistDialog: "waitlist",
  waitlistTitle: "waitlist-title",
  menuDialog: "landing-menu",
  menuButton: "landing-menu-button",
  toasts: "landing-toasts",
} as const;

/** The waitlist dialog's input for a field; its messages go in `${id}-error`. */
export const waitlistFieldId = (name: string) => `waitlist-${name}`;
