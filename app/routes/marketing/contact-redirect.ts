import { redirect } from "react-router";

/** The prototype's Contact Sales pointed at /contact; the contact page lives under /company. */
export function loader() {
  return redirect("/company/contact?topic=sales", 301);
}
