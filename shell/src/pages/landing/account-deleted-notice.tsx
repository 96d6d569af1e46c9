// The landing page's notice after an account deletion (docs/product-rules.md#account-deletion): the account page sets a
// session-storage flag before signing out; it is read once here and removed, so a reload shows the page plainly.
import { useState } from 'react';
import { PUBLIC_DATA } from '../../app/public-data';

function takeNotice(): boolean {
  try {
    const { key } = PUBLIC_DATA.accountDeleted;
    const shown = sessionStorage.getItem(key) === '1';
    if (shown) sessionStorage.removeItem(key);
    return shown;
  } catch {
    // Storage blocked: no notice, nothing else changes.
    return false;
  }
}

export function AccountDeletedNotice() {
  const [shown] = useState(takeNotice);
  if (!shown) return null;
  return (
    <p className="act-alert act-alert--info" role="status">
      {PUBLIC_DATA.accountDeleted.notice}
    </p>
  );
}
