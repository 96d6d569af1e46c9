// The refund policy in English, with the figures of docs/product-rules.md#costs-and-limits (windows, review and
// payout times, support response, liability).
import { LIMITS } from '@act/contracts';
import { CONTACT } from '../company';

const R = LIMITS.refund;

function range(days: { min: number; max: number }): string {
  return `${days.min}-${days.max} business days`;
}

export function RefundPolicyIntroEn() {
  return (
    <p>
      We want you to be happy with every credit you spend. If something is not right, this policy explains
      when you can get your money back and how long it takes.
    </p>
  );
}

export function RefundPolicySectionsEn() {
  return (
    <>
      <h2>1. When you can ask for a refund</h2>
      <div className="sh-table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Purchase</th>
              <th scope="col">Refund window</th>
              <th scope="col">Condition</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Subscriptions</td>
              <td>Within {R.subscriptionDays} days of the charge</td>
              <td>First payment or renewal of a monthly or yearly plan</td>
            </tr>
            <tr>
              <td>Credit purchases</td>
              <td>Within {R.unusedCreditPurchaseDays} days of purchase</td>
              <td>The purchased credits are unused</td>
            </tr>
            <tr>
              <td>Technical issues</td>
              <td>Within {R.technicalIssueDays} days</td>
              <td>A tool failed to deliver what you were charged for and support could not fix it</td>
            </tr>
            <tr>
              <td>Accidental purchases</td>
              <td>Within {R.accidentalPurchaseHours} hours</td>
              <td>For example a duplicate charge or the wrong plan or billing cycle</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>
        Generations that fail are never charged: the credits are returned to your balance automatically, so no
        refund request is needed for them.
      </p>

      <h2>2. What is not refundable</h2>
      <ul>
        <li>Credits already used for results that were delivered.</li>
        <li>The free monthly credits of the Free plan.</li>
        <li>Requests made after the windows above, except where the law requires otherwise.</li>
        <li>Accounts closed for breaking our Terms of Service.</li>
      </ul>

      <h2>3. How to request a refund</h2>
      <ol>
        <li>
          Email <a href={`mailto:${CONTACT.billing}`}>{CONTACT.billing}</a> from the address on your account.
        </li>
        <li>
          Include the date of the charge, the plan or credits bought, and the order number from your receipt.
        </li>
        <li>
          Tell us briefly what went wrong; for technical issues, add the tool name and the time it happened.
        </li>
      </ol>
      <p>
        Our support team responds within {R.supportResponseHours} hours on business days. We review each
        request within {range(R.reviewBusinessDays)} and tell you the outcome by email.
      </p>

      <h2>4. When the money arrives</h2>
      <p>Approved refunds go back to the original payment method:</p>
      <ul>
        <li>Credit and debit cards: {range(R.cardRefundBusinessDays)}.</li>
        <li>PayPal: {range(R.paypalRefundBusinessDays)}.</li>
        <li>Bank transfer: {range(R.bankTransferRefundBusinessDays)}.</li>
      </ul>
      <p>Your bank may take a little longer to show the refund on your statement.</p>

      <h2>5. Subscriptions after a refund</h2>
      <p>
        A refunded subscription is cancelled and the account returns to the Free plan. Cancelling without a
        refund keeps your plan until the end of the period you paid for.
      </p>

      <h2>6. Limitation of liability</h2>
      <p>
        Our total liability for any claim about a purchase is limited to the amount you paid us in the past{' '}
        {R.liabilityMonths} months. This does not affect your statutory consumer rights.
      </p>
    </>
  );
}
