// The member's credit controls on the account overview (docs/charges.md#spend-cap-and-usage-notices,
// #redemption-codes): set or remove the monthly spending cap, and redeem a code from support.
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, TextField, errorMessage, toast } from '@act/host-sdk';
import { CREDIT_CONTROLS_ENDPOINTS, CREDIT_CONTROLS_TEXTS, ERROR_TEXTS, type SpendCap } from '@act/contracts';
import { useServices } from '../../app/services-context';
import './credit-controls.css';

const T = CREDIT_CONTROLS_TEXTS;

export function CreditControls() {
  return (
    <div className="sh-credit-controls">
      <SpendCapForm />
      <RedeemForm />
    </div>
  );
}

function SpendCapForm() {
  const { api } = useServices();
  const [cap, setCap] = useState<SpendCap | null>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    api.call(CREDIT_CONTROLS_ENDPOINTS.getSpendCap).then(
      (reply) => {
        if (cancelled) return;
        setCap(reply.spendCap);
        setDraft(reply.spendCap.monthlyCap === null ? '' : String(reply.spendCap.monthlyCap));
      },
      (err: unknown) => {
        if (!cancelled) setError(errorMessage(err, ERROR_TEXTS.generic.unexpected));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api]);

  async function save(monthlyCap: number | null) {
    setSaving(true);
    setError(null);
    try {
      const reply = await api.call(CREDIT_CONTROLS_ENDPOINTS.setSpendCap, { body: { monthlyCap } });
      setCap(reply.spendCap);
      setDraft(monthlyCap === null ? '' : String(monthlyCap));
      toast({ title: monthlyCap === null ? T.spendCap.cleared : T.spendCap.saved, variant: 'success' });
    } catch (err) {
      setError(errorMessage(err, ERROR_TEXTS.generic.unexpected));
    } finally {
      setSaving(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = draft.trim();
    void save(value === '' ? null : Number(value));
  }

  return (
    <form className="sh-credit-controls__card act-panel" onSubmit={submit} aria-labelledby="spend-cap-title">
      <h2 id="spend-cap-title" className="sh-credit-controls__title">
        {T.spendCap.title}
      </h2>
      {error && <Alert variant="error">{error}</Alert>}
      <TextField
        label={T.spendCap.label}
        hint={T.spendCap.help}
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      {cap && <p className="sh-credit-controls__note">{T.spendCap.spent(cap.spentThisPeriod)}</p>}
      <div className="sh-credit-controls__actions">
        <Button type="submit" size="sm" disabled={saving}>
          {T.spendCap.save}
        </Button>
        {cap?.monthlyCap != null && (
          <Button type="button" variant="outline" size="sm" disabled={saving} onClick={() => void save(null)}>
            {T.spendCap.clear}
          </Button>
        )}
      </div>
    </form>
  );
}

function RedeemForm() {
  const { api, credits } = useServices();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const reply = await api.call(CREDIT_CONTROLS_ENDPOINTS.redeem, { body: { code } });
      toast({ title: T.redeem.redeemed(reply.credits), variant: 'success' });
      setCode('');
      void credits.load();
    } catch (err) {
      setError(errorMessage(err, T.redeem.invalid));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="sh-credit-controls__card act-panel" onSubmit={submit} aria-labelledby="redeem-title">
      <h2 id="redeem-title" className="sh-credit-controls__title">
        {T.redeem.title}
      </h2>
      {error && <Alert variant="error">{error}</Alert>}
      <TextField
        label={T.redeem.label}
        value={code}
        autoComplete="off"
        onChange={(event) => setCode(event.target.value)}
      />
      <div className="sh-credit-controls__actions">
        <Button type="submit" size="sm" disabled={busy || code.trim() === ''}>
          {T.redeem.submit}
        </Button>
      </div>
    </form>
  );
}
