// The route table of docs/product-rules.md#screens. The landing page is part of the first download (it is what most
// visitors see); every other page, the auth gate included, is loaded on demand.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LandingPage } from '../pages/landing/landing-page';
import { FullPageSpinner } from './full-page-spinner';
import type * as ProtectedRoutes from './protected-routes';
import { PageChangeFocus } from './page-change-focus';
import { ScrollToTop } from './scroll-to-top';
import { useLoadedServices, useServicesLoader } from './services-context';
import { SkipLink } from './skip-link';

type MemberRoutes = typeof ProtectedRoutes;
let memberRoutes: MemberRoutes | null = null;

/** The member routes' chunk (the auth gate, host-sdk and the member pages), loaded once whoever asks first. */
export function loadMemberRoutes(): Promise<MemberRoutes> {
  return import('./protected-routes').then((loaded) => (memberRoutes = loaded));
}

/** The paths of the routes behind the auth gate below. */
const MEMBER_PATH = /^\/(dashboard|tools\/[^/]+|library|support|account\/api)\/?$/;

export function isMemberPath(pathname: string): boolean {
  return MEMBER_PATH.test(pathname);
}

/**
 * A member route once its chunk and the shell services have loaded, the spinner until then. Loaded by a state update,
 * not React.lazy: React shows a Suspense boundary's content no sooner than 300 ms after its fallback appeared (its
 * fallback throttle), which held a cold member page on the spinner for about 200 ms with everything it needed
 * already loaded (docs/performance.md#library-page). A state update is rendered at once. A chunk that fails to load
 * fails the render, as a lazy component's would.
 */
function MemberRoute({ name }: { name: keyof MemberRoutes }) {
  const services = useLoadedServices();
  const loadServices = useServicesLoader();
  const [routes, setRoutes] = useState(memberRoutes);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const ready = routes !== null && services !== null;
  useEffect(() => {
    if (ready) return;
    let live = true;
    Promise.all([loadMemberRoutes(), loadServices()]).then(
      ([loaded]) => live && setRoutes(loaded),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [ready, loadServices]);
  if (failure) throw failure.error;
  if (!ready) return <FullPageSpinner />;
  const Page = routes[name];
  return <Page />;
}

const AuthPage = lazy(() => import('../pages/auth/auth-page').then((m) => ({ default: m.AuthPage })));
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
          <Route path="/dashboard" element={<MemberRoute name="DashboardRoute" />} />
          <Route path="/tools/:toolId" element={<MemberRoute name="ToolRoute" />} />
          <Route path="/library" element={<MemberRoute name="LibraryRoute" />} />
          <Route path="/support" element={<MemberRoute name="SupportRoute" />} />
          <Route path="/account/api" element={<MemberRoute name="ApiRoute" />} />
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
