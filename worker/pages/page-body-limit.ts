import { formEnvelopeBytes, limitBodyTo } from "../http/body-limits.ts";
import { maxPictureBytes } from "../profile/picture.rules.ts";

/** Page actions take form posts, the largest the settings page's picture upload: that, plus the form around it. */
export const pageBodyLimit = limitBodyTo(maxPictureBytes + formEnvelopeBytes, "2 MB");
