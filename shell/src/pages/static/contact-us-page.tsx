// Contact page: support, billing and privacy addresses with response times.
import { PAGE_SEO, UI_TEXTS } from '@act/contracts';
import { ContactUsIntroEn, ContactUsSectionsEn } from './bodies/contact-us.en';
import { ContactUsIntroEs, ContactUsSectionsEs } from './bodies/contact-us.es';
import type { StaticPageBodies } from './static-page-body';
import { StaticPageLayout } from './static-page-layout';

const BODIES: StaticPageBodies = {
  en: { Intro: ContactUsIntroEn, Sections: ContactUsSectionsEn },
  es: { Intro: ContactUsIntroEs, Sections: ContactUsSectionsEs },
};

export function ContactUsPage() {
  return (
    <StaticPageLayout
      title={UI_TEXTS.pages.contactUs}
      seo={PAGE_SEO.contactUs}
      path="/contact-us"
      bodies={BODIES}
    />
  );
}
