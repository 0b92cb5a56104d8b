import { data } from "react-router";
import { ErrorPage } from "~/components/layout/error-page";

/** Any path no other route claims: a real 404 status with the 404 page. */
export function loader() {
  throw data(null, { status: 404 });
}

export function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage kind="notFound" />;
}
