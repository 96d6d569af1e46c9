// Protected routes (docs/product-rules.md#screens, #states): a 'Loading' spinner while the session is restored and
// the user record loads; no session, or a failed check of the user record, sends the visitor to /auth. Sign-out also
// lives here: the gate leaves for '/' first and ends the session once it has unmounted, because a session that ended
// while the protected page was still on screen would make the gate redirect to /auth instead (route changes render in
// a transition, session changes at once).
import { createContext, use, useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useStoreState } from '@act/host-sdk';
import { useServices } from './services-context';
import { FullPageSpinner } from './full-page-spinner';

const SignOutContext = createContext<(() => void) | null>(null);

/** Ends the session and goes to '/' (docs/product-rules.md#screens); only inside <AuthGate>. */
export function useSignOut(): () => void {
  const signOut = use(SignOutContext);
  if (!signOut) throw new Error('useSignOut must be used inside <AuthGate>');
  return signOut;
}

export function AuthGate({ children }: { children: ReactNode }) {
  const { auth: authStore, credits } = useServices();
  const auth = useStoreState(authStore);
  const account = useStoreState(credits);
  const location = useLocation();
  const navigate = useNavigate();
  const signOutRequested = useRef(false);

  useEffect(() => {
    void authStore.initialize();
  }, [authStore]);

  useEffect(() => {
    if (auth.status === 'authenticated' && account.status === 'idle') void credits.load();
  }, [auth.status, account.status, credits]);

  useEffect(
    () => () => {
      if (signOutRequested.current) void authStore.signOut();
    },
    [authStore],
  );

  const signOut = useCallback(() => {
    signOutRequested.current = true;
    navigate('/', { replace: true });
  }, [navigate]);

  if (auth.status === 'loading') return <FullPageSpinner />;
  if (auth.status === 'unauthenticated' || account.status === 'error') {
    return <Navigate to="/auth" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (!auth.user || !account.me) return <FullPageSpinner />;
  return <SignOutContext value={signOut}>{children}</SignOutContext>;
}
