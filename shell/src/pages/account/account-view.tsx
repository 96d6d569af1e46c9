// Account view inside the dashboard (docs/product-rules.md#screens): tabs Overview, Subscription, Usage History and
// 'Back to Tools'; a purchase's receipt (?receipt=<id>) in place of the tabs.
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button, Tabs, TabsContent, TabsList, TabsTrigger, type HostUser } from '@act/host-sdk';
import { UI_TEXTS, type Me } from '@act/contracts';
import { DeleteAccountSection } from './account-control/delete-account-section';
import { PasswordSection } from './account-control/password-section';
import { ApiKeysSection } from './api-keys/api-keys-section';
import { CreditControls } from './credit-controls';
import { AppearanceSection } from './appearance-section';
import { ChatInstructionsSection } from './chat-instructions-section';
import { DataExportSection } from './data-export-section';
import { LanguageSection } from './language-section';
import { OverviewTab } from './overview-tab';
import { ReceiptView } from './receipt-view';
import { SharedChatsSection } from './shared-chats-section';
import { SubscriptionTab } from './subscription-tab';
import { UsageHistoryTab } from './usage-history-tab';
import './account.css';

const AC = UI_TEXTS.account;
const TABS = ['overview', 'subscription', 'usage'] as const;
type AccountTab = (typeof TABS)[number];

function isAccountTab(value: string | null): value is AccountTab {
  return (TABS as readonly (string | null)[]).includes(value);
}

export function AccountView({ user, me }: { user: HostUser; me: Me }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AccountTab = isAccountTab(requested) ? requested : 'overview';
  // A purchase's receipt opens in place of the tabs (from the ledger's Receipt link), printable on its own.
  const receipt = params.get('receipt');

  return (
    <section className="sh-account" aria-labelledby="account-title">
      <div className="sh-account__head">
        <h1 id="account-title" className="sh-page-title">
          {UI_TEXTS.dashboard.account}
        </h1>
        <Button asChild variant="outline" size="sm">
          <Link to="/dashboard">
            <ArrowLeft size={16} aria-hidden />
            {AC.backToTools}
          </Link>
        </Button>
      </div>
      {receipt ? (
        <ReceiptView purchaseId={receipt} />
      ) : (
        <Tabs
          value={tab}
          onValueChange={(value) => setParams({ view: 'account', tab: value }, { replace: true })}
        >
          <TabsList aria-label={UI_TEXTS.dashboard.account}>
            <TabsTrigger value="overview">{AC.tabs.overview}</TabsTrigger>
            <TabsTrigger value="subscription">{AC.tabs.subscription}</TabsTrigger>
            <TabsTrigger value="usage">{AC.tabs.usageHistory}</TabsTrigger>
          </TabsList>
          <TabsContent value="overview" className="act-panel">
            <OverviewTab user={user} me={me} />
            <CreditControls />
            <SharedChatsSection />
            <ApiKeysSection />
            <ChatInstructionsSection />
            <AppearanceSection />
            <LanguageSection />
            <DataExportSection userId={user.id} />
            <PasswordSection />
            <DeleteAccountSection />
          </TabsContent>
          <TabsContent value="subscription">
            <SubscriptionTab user={user} me={me} />
          </TabsContent>
          <TabsContent value="usage" className="act-panel">
            <UsageHistoryTab />
          </TabsContent>
        </Tabs>
      )}
    </section>
  );
}
