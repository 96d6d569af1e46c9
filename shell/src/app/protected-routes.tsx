// The member routes behind the auth gate, in their own chunk: the gate and everything under it use host-sdk.
import { AuthGate } from './auth-gate';
import { ApiPage } from '../pages/api/api-page';
import { DashboardPage } from '../pages/dashboard/dashboard-page';
import { SupportPage } from '../pages/support/support-page';
import { ToolFramePage } from '../pages/tool-frame/tool-frame-page';

export function DashboardRoute() {
  return (
    <AuthGate>
      <DashboardPage />
    </AuthGate>
  );
}

export function ToolRoute() {
  return (
    <AuthGate>
      <ToolFramePage />
    </AuthGate>
  );
}

/** The support console; the page itself shows only to the `support` role (docs/security.md#support-role). */
export function SupportRoute() {
  return (
    <AuthGate>
      <SupportPage />
    </AuthGate>
  );
}

/** How to call the tools with a personal API key (docs/product-rules.md#personal-api-keys). */
export function ApiRoute() {
  return (
    <AuthGate>
      <ApiPage />
    </AuthGate>
  );
}
