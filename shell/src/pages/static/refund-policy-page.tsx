// Refund policy with the figures of docs/product-rules.md#costs-and-limits (windows, review and payout times, support
// response, liability).
import { PAGE_SEO, UI_TEXTS } from '@act/contracts';
import { RefundPolicyIntroEn, RefundPolicySectionsEn } from './bodies/refund-policy.en';
import { RefundPolicyIntroEs, RefundPolicySectionsEs } from './bodies/refund-policy.es';
import type { StaticPageBodies } from './static-page-body';
import { StaticPageLayout } from './static-page-layout';
import './refund-policy-page.css';

const BODIES: StaticPageBodies = {
  en: { Intro: RefundPolicyIntroEn, Sections: RefundPolicySectionsEn },
  es: { Intro: RefundPolicyIntroEs, Sections: RefundPolicySectionsEs },
};

export function RefundPolicyPage() {
  return (
    <StaticPageLayout
      title={UI_TEXTS.pages.refundPolicy}
      seo={PAGE_SEO.refundPolicy}
      path="/refund-policy"
      bodies={BODIES}
    />
  );
}
