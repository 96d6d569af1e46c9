// The route table of docs/product-rules.md#screens. The landing page is part of the first download (it is what most
// visitors see); every other page, the auth gate included, is loaded on demand.
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LandingPage } from '../pages/landing/landing-page';
import { FullPageSpinner } from './full-page-spinner';
import { PageChangeFocus } from './page-change-focus';
import { ScrollToTop } from './scroll-to-top';
import { SkipLink } from './skip-link';

/** The member routes' chunk (the auth gate, host-sdk and the member pages), loaded once whoever asks first. */
export function loadMemberRoutes() {
  return import('./protected-routes');
}

/** The paths of the routes behind the auth gate below. */
const MEMBER_PATH = /^\/(dashboard|tools\/[^/]+|library|support|account\/api)\/?$/;

export function isMemberPath(pathname: string): boolean {
  return MEMBER_PATH.test(pathname);
}

const AuthPage = lazy(() => import('../pages/auth/auth-page').then((m) => ({ default: m.AuthPage })));
const DashboardRoute = lazy(() => loadMemberRoutes().then((m) => ({ default: m.DashboardRoute })));
const ToolRoute = lazy(() => loadMemberRoutes().then((m) => ({ default: m.ToolRoute })));
const ApiRoute = lazy(() => loadMemberRoutes().then((m) => ({ default: m.ApiRoute })));
const LibraryRoute = lazy(() => loadMemberRoutes().then((m) => ({ default: m.LibraryRoute })));
const SupportRoute = lazy(() => loadMemberRoutes().then((m) => ({ default: m.SupportRoute })));
const SharedChatPage = lazy(() =>
  import('../pages/share/shared-chat-page').then((m) => ({ default: m.SharedChatPage })),
);
const PrivacyPolicyPage = lazy(() =>
  import('../pages/static/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsOfServicePage = lazy(() =>
  import('../pages/static/terms-of-service-page').then((m) => ({ default: m.TermsOfServicePage })),
);
const RefundPolicyPage = lazy(() =>
  import('../pages/static/refund-policy-page').then((m) => ({ default: m.RefundPolicyPage })),
);
const ContactUsPage = lazy(() =>
  import('../pages/static/contact-us-page').then((m) => ({ default: m.ContactUsPage })),
);

export function AppRoutes() {
  return (
    <>
      <SkipLink />
      <ScrollToTop />
      <PageChangeFocus />
      <Suspense fallback={<FullPageSpinner />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/dashboard" element={<DashboardRoute />} />
          <Route path="/tools/:toolId" element={<ToolRoute />} />
          <Route path="/library" element={<LibraryRoute />} />
          <Route path="/support" element={<SupportRoute />} />
          <Route path="/account/api" element={<ApiRoute />} />
          <Route path="/share/:token" element={<SharedChatPage />} />
          <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
          <Route path="/terms-of-service" element={<TermsOfServicePage />} />
          <Route path="/refund-policy" element={<RefundPolicyPage />} />
          <Route path="/contact-us" element={<ContactUsPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </>
  );
}
