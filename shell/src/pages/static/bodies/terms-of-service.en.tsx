// The terms of service in English: accounts, credits, subscriptions, acceptable use, content ownership, liability.
import { Link } from 'react-router';
import { LIMITS, PRODUCT_NAME } from '@act/contracts';
import { CONTACT } from '../company';
import { planAllowances } from './plan-allowances';

export function TermsOfServiceIntroEn() {
  return (
    <p>
      These terms govern your use of {PRODUCT_NAME}, its AI tools, credits and subscriptions. By creating an
      account or using a tool you agree to them. If you do not agree, please do not use the service.
    </p>
  );
}

export function TermsOfServiceSectionsEn() {
  return (
    <>
      <h2>1. Your account</h2>
      <p>
        You must be at least 16 years old to create an account. Keep your password secret and tell us at once
        if you think someone else has used your account; you are responsible for activity under it. One person
        may not hold several free accounts to obtain extra credits.
      </p>

      <h2>2. Credits</h2>
      <ul>
        <li>
          Every tool shows its cost in credits before you use it; free tools cost nothing. Credits are
          deducted only when a tool completes successfully, and a failed generation costs nothing.
        </li>
        <li>
          New accounts receive {LIMITS.newUserCredits} free credits. Each plan includes a monthly allowance (
          {planAllowances()} credits). Balances reset to the plan allowance every month and unused credits do
          not carry over.
        </li>
        <li>
          Credits have no cash value, cannot be transferred and are not refundable except as our Refund Policy
          says.
        </li>
        <li>
          Using the tools on this website needs an account; signing up is free and comes with free credits.
          Separately, our API answers a call without an account to some tools once per tool every{' '}
          {LIMITS.guestWindowHours} hours from one network; after that an account is needed there too.
        </li>
      </ul>

      <h2>3. Subscriptions and payment</h2>
      <ul>
        <li>
          Paid plans are billed monthly or yearly in advance through our payment provider, Paddle, which acts
          as merchant of record. Prices are shown in US dollars; taxes may be added at checkout.
        </li>
        <li>Subscriptions renew automatically at the end of each billing period until you cancel.</li>
        <li>
          Upgrades take effect immediately. Downgrades and cancellations take effect at the end of the current
          billing period, and you keep your plan's features until then.
        </li>
        <li>
          You can cancel at any time from the Subscription tab of your account. Refunds follow our{' '}
          <Link to="/refund-policy">Refund Policy</Link>.
        </li>
      </ul>

      <h2>4. Acceptable use</h2>
      <p>You agree not to use the service to:</p>
      <ul>
        <li>
          create illegal content, or content that sexualises minors, harasses people or promotes violence;
        </li>
        <li>
          create deceptive content about real people, such as non-consensual intimate imagery or
          impersonation;
        </li>
        <li>
          upload content you do not have the right to use, or infringe anyone's intellectual property or
          privacy;
        </li>
        <li>
          attack, overload, scrape or reverse engineer the service, or get around credit limits and the
          free-use rule.
        </li>
      </ul>
      <p>We may refuse requests, remove content, or suspend accounts that break these rules.</p>

      <h2>5. Your content and results</h2>
      <p>
        You keep ownership of what you upload. You give us the permission needed to store and process it to
        provide the service. As between you and us, you own the results you generate and may use them
        commercially, subject to the law and to these terms. AI output can be inaccurate or resemble existing
        works: review it before you rely on or publish it.
      </p>

      <h2>6. Availability and changes</h2>
      <p>
        We work to keep the service fast and available, but we do not guarantee it will be uninterrupted. We
        may add, change or retire tools and models; if a paid feature you rely on is removed, contact us and
        we will find a fair solution.
      </p>

      <h2>7. Termination</h2>
      <p>
        You may close your account at any time by contacting support. We may suspend or close accounts that
        breach these terms; where the breach is not serious we will warn you first.
      </p>

      <h2>8. Disclaimers and liability</h2>
      <p>
        The service is provided "as is". To the extent the law allows, we are not liable for indirect or
        consequential losses, and our total liability for any claim is limited to the amount you paid us in
        the {LIMITS.refund.liabilityMonths} months before the claim. Nothing in these terms limits rights you
        have as a consumer that cannot be excluded by law.
      </p>

      <h2>9. Changes to these terms</h2>
      <p>
        We may update these terms. We will post the new version here with a new date and notify members by
        email before material changes take effect. Continuing to use the service after that means you accept
        the new terms.
      </p>

      <h2>10. Contact</h2>
      <p>
        Questions about these terms: <a href={`mailto:${CONTACT.support}`}>{CONTACT.support}</a>.
      </p>
    </>
  );
}
