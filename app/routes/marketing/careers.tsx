import { PageHero } from "~/components/site/page-hero";
import { SiteLayout } from "~/components/site/site-layout";

// Placeholder until this page is built.
export default function Page() {
  return (
    <SiteLayout>
      <PageHero title="careers" />
    </SiteLayout>
  );
}
