/**
 * The landing page's only script (a few KB, no React): the waitlist dialog, the e-mail capture,
 * the phone menu and the success toast. Everything else on the page works without it.
 */
import { enhanceCapture } from "./capture";
import { enhanceMenu } from "./menu";
import { enhanceWaitlist } from "./waitlist";

enhanceWaitlist();
enhanceMenu();
enhanceCapture();
