import type { FormEvent } from "react";
import type { FetcherWithComponents } from "react-router";

/**
 * A fetcher form's submit handler that draws its pending state ("Saving…", a disabled button)
 * before the click returns: the submission's first state update is flushed at once rather than
 * rendered later as a transition, which can wait behind other rendering for a few hundred
 * milliseconds. `validate` runs first and stops the submission with `preventDefault()`.
 */
export function submitAtOnce(
  fetcher: Pick<FetcherWithComponents<unknown>, "submit">,
  validate?: (event: FormEvent<HTMLFormElement>) => void,
) {
  return (event: FormEvent<HTMLFormElement>) => {
    validate?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const target = submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : form;
    void fetcher.submit(target, {
      method: "post",
      action: form.getAttribute("action") ?? undefined,
      flushSync: true,
    });
  };
}
