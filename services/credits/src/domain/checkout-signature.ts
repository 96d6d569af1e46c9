// Signed checkout custom data. Paddle.js sends whatever custom data the browser gives it, and Paddle hands it back
// in every subscription webhook, so a user id there is only a claim: a buyer could name another member and attach
// their subscription to that member's account (overwriting the link that member cancels through). Credits signs
// the member's own id when it hands out the checkout data, and the webhook believes a user id only with that
// signature.
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signing key, derived from the Paddle webhook secret with its own label: a server-only secret that is set
 * exactly when webhooks (the only readers of the signature) work, so there is no second secret to provision, and a
 * signature can never double as a webhook signature.
 */
export function checkoutSigningKey(webhookSecret: string): Buffer {
  return createHmac('sha256', webhookSecret).update('act-credits/checkout-user/v1').digest();
}

/**
 * Signs the user id alone: Paddle keeps the custom data on the subscription for good, so plan changes made later
 * must not invalidate it, and the user id is the only part billing trusts.
 */
export function signCheckoutUser(key: Buffer, userId: string): string {
  return createHmac('sha256', key).update(userId).digest('base64url');
}

/** The user id when the signature is credits' own for it; null for a missing, altered or foreign one. */
export function verifiedCheckoutUser(
  key: Buffer,
  claim: { userId: string; signature: string } | null,
): string | null {
  if (!claim) return null;
  const expected = Buffer.from(signCheckoutUser(key, claim.userId));
  const given = Buffer.from(claim.signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? claim.userId : null;
}
