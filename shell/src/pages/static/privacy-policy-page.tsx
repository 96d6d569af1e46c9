// Privacy policy: what the product collects, why, who processes it, how long it is kept and the member's rights.
import { PAGE_SEO, UI_TEXTS } from '@act/contracts';
import { PrivacyPolicyIntroEn, PrivacyPolicySectionsEn } from './bodies/privacy-policy.en';
import { PrivacyPolicyIntroEs, PrivacyPolicySectionsEs } from './bodies/privacy-policy.es';
import type { StaticPageBodies } from './static-page-body';
import { StaticPageLayout } from './static-page-layout';

const BODIES: StaticPageBodies = {
  en: { Intro: PrivacyPolicyIntroEn, Sections: PrivacyPolicySectionsEn },
  es: { Intro: PrivacyPolicyIntroEs, Sections: PrivacyPolicySectionsEs },
};

export function PrivacyPolicyPage() {
  return (
    <StaticPageLayout
      title={UI_TEXTS.pages.privacyPolicy}
      seo={PAGE_SEO.privacyPolicy}
      path="/privacy-policy"
      bodies={BODIES}
    />
  );
}
