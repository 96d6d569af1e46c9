// Terms of service: accounts, credits, subscriptions, acceptable use, content ownership, liability.
import { PAGE_SEO, UI_TEXTS } from '@act/contracts';
import { TermsOfServiceIntroEn, TermsOfServiceSectionsEn } from './bodies/terms-of-service.en';
import { TermsOfServiceIntroEs, TermsOfServiceSectionsEs } from './bodies/terms-of-service.es';
import type { StaticPageBodies } from './static-page-body';
import { StaticPageLayout } from './static-page-layout';

const BODIES: StaticPageBodies = {
  en: { Intro: TermsOfServiceIntroEn, Sections: TermsOfServiceSectionsEn },
  es: { Intro: TermsOfServiceIntroEs, Sections: TermsOfServiceSectionsEs },
};

export function TermsOfServicePage() {
  return (
    <StaticPageLayout
      title={UI_TEXTS.pages.termsOfService}
      seo={PAGE_SEO.termsOfService}
      path="/terms-of-service"
      bodies={BODIES}
    />
  );
}
