// Sign in / sign up (docs/product-rules.md#screens auth page): both modes, Google button, 'Or continue with email'
// divider, email and password, 'Processing...' while busy, the toggle link and the spec's error texts. Success goes
// to /dashboard.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, TextField, errorMessage } from '@act/host-sdk';
import { ERROR_TEXTS, LIMITS, PAGE_SEO, UI_TEXTS } from '@act/contracts';
import { BrandLogo } from '../../components/brand-logo';
import { useServices } from '../../app/services-context';
import { PageMeta } from '../../seo/page-meta';
import { GoogleLogo } from './google-logo';
import { startGoogleSignIn } from './google-sign-in';
import './auth.css';

const A = UI_TEXTS.auth;

export function AuthPage() {
  const { auth } = useServices();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const signUp = params.get('signup') === 'true';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'email' | 'google' | null>(null);
  const [error, setError] = useState<string | null>(() =>
    // Identity sends the browser back here with ?error=... when Google sign-in fails.
    params.get('error') ? ERROR_TEXTS.auth.googleSignInFailed : null,
  );

  function toggleMode() {
    setError(null);
    setParams(signUp ? {} : { signup: 'true' }, { replace: true });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setBusy('email');
    try {
      if (signUp) await auth.signUp(email.trim(), password);
      else await auth.signIn(email.trim(), password);
      navigate('/dashboard', { replace: true });
    } catch (err) {
      setError(
        errorMessage(err, signUp ? ERROR_TEXTS.auth.failedToCreateUser : ERROR_TEXTS.auth.failedToSignIn),
      );
      setBusy(null);
    }
  }

  async function onGoogle() {
    setError(null);
    setBusy('google');
    try {
      await startGoogleSignIn('/dashboard');
    } catch (err) {
      setError(
        err instanceof Error && err.message ? err.message : ERROR_TEXTS.auth.unexpectedDuringGoogleSignIn,
      );
      setBusy(null);
    }
  }

  return (
    <div className="sh-auth">
      <PageMeta title={PAGE_SEO.auth.title} description={PAGE_SEO.auth.description} path="/auth" />
      <aside className="sh-auth__aside" aria-hidden>
        <div className="sh-auth__aside-inner">
          <p className="sh-auth__aside-title">{UI_TEXTS.landing.heroTitle}</p>
          <p className="sh-auth__aside-text">{UI_TEXTS.landing.closingSubtitle}</p>
        </div>
      </aside>
      <main id="main" className="sh-auth__main">
        <div className="sh-auth__card">
          <BrandLogo />
          <div className="sh-auth__heading">
            <h1 className="sh-auth__title">{signUp ? A.createAccount : A.welcomeBack}</h1>
            <p className="sh-auth__subtitle">{signUp ? A.createAccountSubtitle : A.welcomeBackSubtitle}</p>
          </div>
          <Button
            variant="outline"
            size="lg"
            block
            busy={busy === 'google'}
            disabled={busy !== null}
            onClick={onGoogle}
          >
            {busy !== 'google' && <GoogleLogo />}
            {A.continueWithGoogle}
          </Button>
          <div className="sh-auth__divider" role="separator">
            <span>{A.orContinueWithEmail}</span>
          </div>
          <form className="sh-auth__form" onSubmit={onSubmit} noValidate={false}>
            <TextField
              label={A.email}
              type="email"
              name="email"
              autoComplete="email"
              placeholder={A.emailPlaceholder}
              required
              maxLength={LIMITS.emailMax}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <TextField
              label={A.password}
              type="password"
              name="password"
              autoComplete={signUp ? 'new-password' : 'current-password'}
              placeholder={A.passwordPlaceholder}
              required
              minLength={LIMITS.passwordMin}
              maxLength={LIMITS.passwordMax}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {error && <Alert variant="error">{error}</Alert>}
            <Button type="submit" size="lg" block busy={busy === 'email'} disabled={busy !== null}>
              {busy === 'email' ? A.processing : signUp ? A.createAccount : A.signIn}
            </Button>
          </form>
          <button type="button" className="sh-auth__toggle" onClick={toggleMode}>
            {signUp ? A.toSignIn : A.toSignUp}
          </button>
          <p className="sh-auth__legal">
            By continuing you agree to our <Link to="/terms-of-service">Terms of Service</Link> and{' '}
            <Link to="/privacy-policy">Privacy Policy</Link>.
          </p>
        </div>
      </main>
    </div>
  );
}
