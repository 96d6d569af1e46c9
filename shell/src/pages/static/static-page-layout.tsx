// Frame of the policy and contact pages: header with 'Back to Home', title, 'Last updated January 2025', footer.
import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { UI_TEXTS } from '@act/contracts';
import { BrandLogo } from '../../components/brand-logo';
import { SiteFooter } from '../../components/site-footer';
import { PageMeta } from '../../seo/page-meta';
import '../landing/site-header.css';
import './static-page-layout.css';

export interface StaticPageLayoutProps {
  title: string;
  seo: { title: string; description: string };
  path: string;
  intro?: ReactNode;
  children: ReactNode;
}

export function StaticPageLayout({ title, seo, path, intro, children }: StaticPageLayoutProps) {
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
            {intro && <div className="sh-static__intro">{intro}</div>}
          </header>
          <div className="sh-prose">{children}</div>
        </article>
      </main>
      <SiteFooter />
    </>
  );
}
