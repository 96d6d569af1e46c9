// Frame of the policy and contact pages: header with 'Back to Home', title, 'Last updated January 2025', the body in
// the page's language (picked once: switching languages reloads the page), footer.
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { UI_TEXTS, activeLocale } from '@act/contracts';
import { BrandLogo } from '../../components/brand-logo';
import { SiteFooter } from '../../components/site-footer';
import { PageMeta } from '../../seo/page-meta';
import type { StaticPageBodies } from './static-page-body';
import '../landing/site-header.css';
import './static-page-layout.css';

export interface StaticPageLayoutProps {
  title: string;
  seo: { title: string; description: string };
  path: string;
  bodies: StaticPageBodies;
}

export function StaticPageLayout({ title, seo, path, bodies }: StaticPageLayoutProps) {
  const { Intro, Sections } = bodies[activeLocale()];
  return (
    <>
      <PageMeta title={seo.title} description={seo.description} path={path} />
      <header className="sh-site-header">
        <div className="sh-container sh-site-header__inner">
          <BrandLogo />
          <Link to="/" className="sh-back-link">
            <ArrowLeft size={16} aria-hidden />
            {UI_TEXTS.pages.backToHome}
          </Link>
        </div>
      </header>
      <main id="main" className="sh-static">
        <article className="sh-container sh-static__inner">
          <header className="sh-static__header">
            <h1 className="sh-static__title">{title}</h1>
            <p className="sh-static__updated">{UI_TEXTS.pages.lastUpdated}</p>
            <div className="sh-static__intro">
              <Intro />
            </div>
          </header>
          <div className="sh-prose">
            <Sections />
          </div>
        </article>
      </main>
      <SiteFooter />
    </>
  );
}
