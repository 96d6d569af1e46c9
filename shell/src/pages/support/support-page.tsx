// The support console (docs/security.md#support-role), at /support for members whose token carries the `support`
// role: find a member by e-mail; see plan, balance, ledger and recent failures; grant or claw back credits with a
// required reason; create redemption codes. The page only hides itself from others: credits and the gateway refuse
// its API to anyone without the role.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Button, TextArea, TextField, errorMessage, toast, useStoreState } from '@act/host-sdk';
import {
  CREDIT_CONTROLS_ENDPOINTS,
  CREDIT_CONTROLS_TEXTS,
  CREDIT_PACK_TEXTS,
  ERROR_TEXTS,
  SUPPORT_ROLE,
  UI_TEXTS,
  type SupportMember,
  formatNumber,
} from '@act/contracts';
import { useServices } from '../../app/services-context';
import { formatDate } from '../../components/format';
import './support-page.css';

const S = CREDIT_CONTROLS_TEXTS.support;

export function SupportPage() {
  const { auth } = useServices();
  const user = useStoreState(auth).user;
  if (!user?.roles?.includes(SUPPORT_ROLE)) {
    return (
      <main id="main" className="sh-container sh-support">
        <Alert variant="error">{S.forbidden}</Alert>
        <Link to="/dashboard">{UI_TEXTS.toolShell.backToDashboard}</Link>
      </main>
    );
  }
  return <SupportConsole />;
}

function SupportConsole() {
  const { api } = useServices();
  const [email, setEmail] = useState('');
  const [member, setMember] = useState<SupportMember | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function load(address: string) {
    setError(null);
    try {
      const reply = await api.call(CREDIT_CONTROLS_ENDPOINTS.supportMember, { query: { email: address } });
      setMember(reply.member);
    } catch (err) {
      setMember(null);
      setError(errorMessage(err, S.notFound));
    }
  }

  function find(event: FormEvent) {
    event.preventDefault();
    void load(email);
  }

  return (
    <main id="main" className="sh-container sh-support">
      <h1 className="sh-page-title">{S.title}</h1>
      <form className="sh-support__find" onSubmit={find}>
        <TextField
          label={S.findLabel}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit">{S.find}</Button>
      </form>
      {error && <Alert variant="error">{error}</Alert>}
      {member && <MemberView member={member} onChanged={() => void load(member.email)} />}
      <CreateCodeForm />
    </main>
  );
}

function MemberView({ member, onChanged }: { member: SupportMember; onChanged(): void }) {
  return (
    <section className="sh-support__member act-panel" aria-label={member.email}>
      <dl className="sh-facts sh-facts--grid">
        <div>
          <dt>{UI_TEXTS.auth.email}</dt>
          <dd>{member.email}</dd>
        </div>
        <div>
          <dt>{S.plan}</dt>
          <dd>{member.plan}</dd>
        </div>
        <div>
          <dt>{S.balance}</dt>
          <dd>{formatNumber(member.balance)}</dd>
        </div>
        <div>
          <dt>{CREDIT_PACK_TEXTS.split.plan}</dt>
          <dd>{formatNumber(member.planCredits)}</dd>
        </div>
        <div>
          <dt>{CREDIT_PACK_TEXTS.split.purchased}</dt>
          <dd>{formatNumber(member.purchasedCredits)}</dd>
        </div>
        <div>
          <dt>{S.monthlyAllowance}</dt>
          <dd>{formatNumber(member.monthlyAllowance)}</dd>
        </div>
        <div>
          <dt>{S.spentThisPeriod}</dt>
          <dd>{formatNumber(member.spentThisPeriod)}</dd>
        </div>
        <div>
          <dt>{S.monthlyCap}</dt>
          <dd>
            {member.monthlyCap === null || member.monthlyCap === undefined
              ? CREDIT_CONTROLS_TEXTS.spendCap.none
              : formatNumber(member.monthlyCap)}
          </dd>
        </div>
      </dl>
      <AdjustForm member={member} onChanged={onChanged} />
      <h2 className="sh-support__heading">{S.ledger}</h2>
      <table className="sh-support__table">
        <tbody>
          {member.ledger.map((row) => (
            <tr key={row.id}>
              <td>{formatDate(row.at)}</td>
              <td>{CREDIT_PACK_TEXTS.ledger.kinds[row.kind]}</td>
              <td className="sh-support__amount">{row.delta > 0 ? `+${row.delta}` : row.delta}</td>
              <td>{row.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className="sh-support__heading">{S.failures}</h2>
      {member.failures.length === 0 ? (
        <p>{S.noFailures}</p>
      ) : (
        <table className="sh-support__table">
          <tbody>
            {member.failures.map((row) => (
              <tr key={row.requestId}>
                <td>{formatDate(row.at)}</td>
                <td>{row.tool}</td>
                <td>{row.status}</td>
                <td className="sh-support__amount">{row.cost}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function AdjustForm({ member, onChanged }: { member: SupportMember; onChanged(): void }) {
  const { api } = useServices();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function adjust(direction: 'grant' | 'claw_back') {
    setBusy(true);
    setError(null);
    try {
      await api.call(CREDIT_CONTROLS_ENDPOINTS.supportAdjust, {
        body: {
          actionId: crypto.randomUUID(),
          userId: member.userId,
          direction,
          credits: Number(amount),
          reason,
        },
      });
      toast({ title: S.applied, variant: 'success' });
      setAmount('');
      setReason('');
      onChanged();
    } catch (err) {
      setError(errorMessage(err, ERROR_TEXTS.generic.unexpected));
    } finally {
      setBusy(false);
    }
  }

  const ready = Number(amount) > 0 && reason.trim().length >= 3 && !busy;
  return (
    <form className="sh-support__adjust" onSubmit={(event) => event.preventDefault()}>
      <h2 className="sh-support__heading">{S.adjustTitle}</h2>
      {error && <Alert variant="error">{error}</Alert>}
      <TextField
        label={S.amount}
        type="number"
        min={1}
        step={1}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <TextArea
        label={S.reason}
        required
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="sh-support__actions">
        <Button type="button" disabled={!ready} onClick={() => void adjust('grant')}>
          {S.grant}
        </Button>
        <Button type="button" variant="outline" disabled={!ready} onClick={() => void adjust('claw_back')}>
          {S.clawBack}
        </Button>
      </div>
    </form>
  );
}

function CreateCodeForm() {
  const { api } = useServices();
  const [code, setCode] = useState('');
  const [credits, setCredits] = useState('');
  const [maxUses, setMaxUses] = useState('1');
  const [expiresOn, setExpiresOn] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const reply = await api.call(CREDIT_CONTROLS_ENDPOINTS.supportCreateCode, {
        body: {
          // Left empty, the server makes a code from the unambiguous alphabet (shown in the toast).
          code,
          credits: Number(credits),
          maxUses: Number(maxUses),
          // The end of the chosen day, UTC.
          expiresAt: `${expiresOn}T23:59:59.000Z`,
          reason,
        },
      });
      toast({ title: S.codeCreated(reply.code), variant: 'success' });
      setCode('');
      setReason('');
    } catch (err) {
      setError(errorMessage(err, ERROR_TEXTS.generic.unexpected));
    }
  }

  return (
    <form className="sh-support__codes act-panel" onSubmit={submit}>
      <h2 className="sh-support__heading">{S.codesTitle}</h2>
      {error && <Alert variant="error">{error}</Alert>}
      <TextField
        label={CREDIT_CONTROLS_TEXTS.redeem.label}
        hint={S.codeHelp}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <TextField
        label={S.codeCredits}
        type="number"
        min={1}
        value={credits}
        onChange={(e) => setCredits(e.target.value)}
      />
      <TextField
        label={S.codeMaxUses}
        type="number"
        min={1}
        value={maxUses}
        onChange={(e) => setMaxUses(e.target.value)}
      />
      <TextField
        label={S.codeExpiresAt}
        type="date"
        value={expiresOn}
        onChange={(e) => setExpiresOn(e.target.value)}
      />
      <TextArea label={S.reason} required value={reason} onChange={(e) => setReason(e.target.value)} />
      <div className="sh-support__actions">
        <Button type="submit">{S.createCode}</Button>
      </div>
    </form>
  );
}
