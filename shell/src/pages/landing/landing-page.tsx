// The public landing page (docs/product-rules.md#screens).
import { PUBLIC_DATA } from '../../app/public-data';
import { PageMeta } from '../../seo/page-meta';
import { SiteFooter } from '../../components/site-footer';
import { AccountDeletedNotice } from './account-deleted-notice';
import { ClosingCta } from './closing-cta';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { LandingHeader } from './landing-header';
import { PricingSection } from './pricing-section';
import './landing.css';

export function LandingPage() {
  return (
    <>
      <PageMeta title={PUBLIC_DATA.seo.home.title} description={PUBLIC_DATA.seo.home.description} path="/" />
      <LandingHeader />
      <main id="main">
        <AccountDeletedNotice />
        <HeroSection />
        <FeaturesSection />
        <PricingSection />
        <ClosingCta />
      </main>
      <SiteFooter />
    </>
  );
}
