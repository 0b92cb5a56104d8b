import { lazy, Suspense } from "react";
import { formatDate } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import type { DateFieldProps } from "./date-field";
import { Input } from "./input";

const DateField = lazy(() => import("./date-field").then((module) => ({ default: module.DateField })));

/**
 * The date field (./date-field) for a page that can show it a moment after the page is live (a
 * filter, an optional horizon), so its code stays out of the page's first load. The server renders
 * the field itself; in the browser, until its code has arrived, the date shows read-only (as the
 * field shows before hydration) and a form still submits it.
 */
export function LazyDateField(props: DateFieldProps) {
  const language = useLanguage();
  const date = props.value ?? props.defaultValue ?? "";
  return (
    <Suspense
      fallback={
        <>
          <Input
            id={props.id}
            readOnly
            aria-label={props["aria-label"]}
            value={date ? formatDate(date, language, { style: "short" }) : ""}
            className={props.className}
          />
          {props.name ? <input type="hidden" name={props.name} value={date} /> : null}
        </>
      }
    >
      <DateField {...props} />
    </Suspense>
  );
}
