// The privacy policy in English: what the product collects, why, who processes it, how long it is kept and the
// member's rights.
import { PRODUCT_NAME } from '@act/contracts';
import { CONTACT } from '../company';

export function PrivacyPolicyIntroEn() {
  return (
    <p>
      This policy explains what personal data {PRODUCT_NAME} collects when you visit the site, create an
      account or use our AI tools, why we need it, and the choices you have. We collect only what the service
      needs to work, and we never sell your data.
    </p>
  );
}

export function PrivacyPolicySectionsEn() {
  return (
    <>
      <h2>1. Data we collect</h2>
      <ul>
        <li>
          <strong>Account data:</strong> your email address, a securely hashed password (or your Google
          account identifier when you sign in with Google), your plan, credit balance and the date you joined.
        </li>
        <li>
          <strong>Content you submit:</strong> the text prompts, images, audio files, PDFs, web addresses and
          YouTube links you send to a tool, and the results the tool returns, such as prompts, descriptions,
          chat messages, generated images and audio.
        </li>
        <li>
          <strong>Usage records:</strong> which tool was used, how many credits it cost and when. For API
          calls made without an account we store the IP address with the tool name to apply the one call per
          tool every 24 hours.
        </li>
        <li>
          <strong>Billing data:</strong> your subscription plan, billing cycle and the subscription identifier
          from our payment provider. Card details are entered directly with the payment provider and never
          reach our servers.
        </li>
        <li>
          <strong>Technical data:</strong> IP address, browser type and request logs, kept to secure the
          service, prevent abuse and fix errors.
        </li>
      </ul>

      <h2>2. How we use it</h2>
      <ul>
        <li>To provide the tools you ask for and show your results, chat history and galleries.</li>
        <li>To keep your credit balance, reset it each month and record what each use cost.</li>
        <li>To process subscriptions, refunds and cancellations.</li>
        <li>To secure accounts, detect fraud and enforce fair use of the free trial.</li>
        <li>To answer your support requests and send essential service messages, such as password resets.</li>
      </ul>
      <p>
        We process your data to perform our contract with you, to meet legal obligations (for example tax
        records), and for our legitimate interest in running a secure and reliable service.
      </p>

      <h2>3. AI processing</h2>
      <p>
        When you use a tool, the content you submit is sent to the AI model provider that powers it (for
        example providers of language, image and voice models) only to produce your result. We choose
        providers that do not use API content to train their models. Do not upload content you have no right
        to use, or sensitive personal data about other people.
      </p>

      <h2>4. Who we share data with</h2>
      <ul>
        <li>
          <strong>Payment provider:</strong> Paddle acts as our reseller and merchant of record and processes
          payments, invoices and taxes.
        </li>
        <li>
          <strong>AI model providers:</strong> receive the content needed to run the tool you chose.
        </li>
        <li>
          <strong>Hosting and storage providers:</strong> run our servers, databases and file storage.
        </li>
        <li>
          <strong>Google:</strong> only if you choose Continue with Google, to confirm your identity.
        </li>
      </ul>
      <p>We may disclose data when the law requires it. We do not sell or rent personal data to anyone.</p>

      <h2>5. Cookies</h2>
      <p>
        We use one essential cookie to keep you signed in securely. It cannot be read by scripts on the page
        and is used for nothing else. We do not use advertising or cross-site tracking cookies.
      </p>

      <h2>6. How long we keep data</h2>
      <ul>
        <li>Account data: while your account is open, and deleted within 30 days of closing it.</li>
        <li>Chat history, galleries and generated files: until you delete them or close your account.</li>
        <li>
          Guest usage records: kept only as long as needed for the 24-hour free-use rule and abuse prevention.
        </li>
        <li>Billing records: as long as tax and accounting law requires.</li>
      </ul>

      <h2>7. Security</h2>
      <p>
        Traffic is encrypted in transit, passwords are stored only as strong one-way hashes, sign-in sessions
        use short-lived tokens, and access to production systems is restricted to the staff who need it.
      </p>

      <h2>8. Your rights</h2>
      <p>
        Depending on where you live, you can ask to access, correct, export or delete your personal data,
        object to or restrict its processing, and withdraw consent. You can delete your account yourself on
        the account page: your chats, images, audio, prompts, summaries and shared links are deleted and a
        paid subscription is cancelled; the credit records the law requires are kept without your email. For
        anything else, email <a href={`mailto:${CONTACT.privacy}`}>{CONTACT.privacy}</a> from the address on
        your account and we will answer within 30 days. You may also complain to your local data protection
        authority.
      </p>

      <h2>9. Children</h2>
      <p>
        {PRODUCT_NAME} is not intended for children under 16, and we do not knowingly collect their personal
        data.
      </p>

      <h2>10. Changes to this policy</h2>
      <p>
        We will post any change on this page with a new date, and tell members by email before a significant
        change takes effect.
      </p>

      <h2>11. Contact</h2>
      <p>
        Questions about privacy: <a href={`mailto:${CONTACT.privacy}`}>{CONTACT.privacy}</a>.
      </p>
    </>
  );
}
