// The member routes behind the auth gate, in their own chunk: the gate and everything under it use host-sdk. Each
// has the keyboard shortcuts (the palette's entries are all member screens, and it stays out of the landing's chunk).
import type { ReactNode } from 'react';
import { AuthGate } from './auth-gate';
import { KeyboardShortcuts } from './keyboard/keyboard-shortcuts';
import { ApiPage } from '../pages/api/api-page';
import { DashboardPage } from '../pages/dashboard/dashboard-page';
import { AskLibraryFirstPage } from '../pages/library/library-first-page';
import { LibraryPage } from '../pages/library/library-page';
import { SupportPage } from '../pages/support/support-page';
import { ToolFramePage } from '../pages/tool-frame/tool-frame-page';

export function DashboardRoute() {
  return (
    <MemberScreen>
      <DashboardPage />
    </MemberScreen>
  );
}

export function ToolRoute() {
  return (
    <MemberScreen>
      <ToolFramePage />
    </MemberScreen>
  );
}

/** The support console; the page itself shows only to the `support` role (docs/security.md#support-role). */
export function SupportRoute() {
  return (
    <MemberScreen>
      <SupportPage />
    </MemberScreen>
  );
}

/** How to call the tools with a personal API key (docs/product-rules.md#personal-api-keys). */
export function ApiRoute() {
  return (
    <MemberScreen>
      <ApiPage />
    </MemberScreen>
  );
}

/** Everything the member made (docs/product-rules.md#library-page). */
export function LibraryRoute() {
  return (
    <>
      <AskLibraryFirstPage />
      <MemberScreen>
        <LibraryPage />
      </MemberScreen>
    </>
  );
}

function MemberScreen({ children }: { children: ReactNode }) {
  return (
    <AuthGate>
      <KeyboardShortcuts />
      {children}
    </AuthGate>
  );
}
