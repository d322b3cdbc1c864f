/**
 * The shapes of the content lists these sections draw (content/site/*.yaml, validated on
 * the server by app/.server/content/schemas.ts). Components may not import server code, so
 * the route loaders pass plain data that matches these.
 */
export type FeatureIcon = "ai" | "board" | "realtime" | "views" | "automation" | "security";

export type Feature = { id: string; title: string; description: string; icon: FeatureIcon };

export type Integration = { id: string; name: string; description: string };

export type Testimonial = { quote: string; name: string; title: string; company: string; image: string };

export type LandingPlan = {
  id: string;
  name: string;
  price: string;
  period: string;
  description: string;
  features: string[];
  cta: string;
  popular: boolean;
};

export type PricingPlan = {
  id: string;
  name: string;
  monthly: number;
  yearly: number;
  description: string;
  limits: string;
  features: string[];
  cta: string;
  popular: boolean;
};

export type ComparisonRow = { feature: string; free: string; pro: string; business: string };

export type Billing = "monthly" | "yearly";

/** Where a plan's button goes: Contact Sales to the contact page, everything else to sign-up. */
export const SALES_CONTACT_PATH = "/company/contact?topic=sales";

export function planHref(cta: string) {
  return cta === "Contact Sales" ? SALES_CONTACT_PATH : "/auth/signup";
}
