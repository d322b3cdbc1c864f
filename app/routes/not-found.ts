import { redirect } from "react-router";

/** The spec sends unknown paths home (to the dashboard once signed in). */
export function loader() {
  return redirect("/");
}

export function action() {
  return redirect("/");
}
