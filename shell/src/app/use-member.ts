// The signed-in member's data for pages inside the auth gate (which guarantees both are present), and sign-out.
import { useStoreState, type HostUser } from '@act/host-sdk';
import type { Me } from '@act/contracts';
import { useSignOut } from './auth-gate';
import { useServices } from './services-context';

export interface Member {
  user: HostUser;
  me: Me;
  /** Text of the last failed balance reload, for the dashboard's red banner. */
  accountError: string | null;
  /** Ends the session and goes to '/' (docs/product-rules.md#screens). */
  signOut(): void;
}

export function useMember(): Member {
  const { auth: authStore, credits } = useServices();
  const auth = useStoreState(authStore);
  const account = useStoreState(credits);
  const signOut = useSignOut();
  if (!auth.user || !account.me) throw new Error('useMember is only usable inside <AuthGate>');
  return { user: auth.user, me: account.me, accountError: account.error, signOut };
}
