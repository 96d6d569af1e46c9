// Footer of the public pages with the spec's links: Home, #features, #pricing, contact and the three policies, the
// language switcher (docs/product-rules.md#languages) and the product's version (docs/operations.md#versions).
import { Link } from 'react-router';
import { PUBLIC_DATA } from '../app/public-data';
import { BrandLogo } from './brand-logo';
import { LanguageLinks } from './language-links';
import './site-footer.css';

const F = PUBLIC_DATA.texts.landing.footer;

export function SiteFooter() {
  return (
    <footer className="sh-footer">
      <div className="sh-container sh-footer__inner">
        <div className="sh-footer__brand">
          <BrandLogo />
          <p className="sh-footer__tagline">{F.tagline}</p>
        </div>
        <nav aria-label={F.navLabel} className="sh-footer__nav">
          <div className="sh-footer__col">
            <h2 className="sh-footer__heading">{F.productHeading}</h2>
            <Link to="/">{F.home}</Link>
            <Link to="/#features">{F.features}</Link>
            <Link to="/#pricing">{F.pricing}</Link>
          </div>
          <div className="sh-footer__col">
            <h2 className="sh-footer__heading">{F.companyHeading}</h2>
            <Link to="/contact-us">{F.contact}</Link>
            <Link to="/privacy-policy">{F.privacy}</Link>
            <Link to="/terms-of-service">{F.terms}</Link>
            <Link to="/refund-policy">{F.refund}</Link>
          </div>
        </nav>
        <LanguageLinks />
      </div>
      <div className="sh-container sh-footer__bottom">
        <p>{F.rights}</p>
        <p className="sh-footer__version">{PUBLIC_DATA.versionLabel}</p>
      </div>
    </footer>
  );
}
