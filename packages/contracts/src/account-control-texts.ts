// The account page's control of the account itself (docs/product-rules.md#account-deletion): changing the password
// and deleting the account, and the server's texts for both.
export const ACCOUNT_CONTROL_TEXTS = {
  password: {
    title: 'Password',
    intro: 'Changing your password signs you out on every other device.',
    current: 'Current password',
    next: 'New password',
    submit: 'Change password',
    changed: 'Password changed. Your other devices were signed out.',
    googleOnly: 'You sign in with Google, so this account has no password to change.',
  },
  deletion: {
    title: 'Delete account',
    intro:
      'Deleting your account removes your chats, prompts, images, audio, summaries, library and shared links for good, cancels a paid subscription and signs you out everywhere. Credit records the law requires are kept, without your email.',
    open: 'Delete account…',
    dialogTitle: 'Delete your account?',
    dialogDescription: 'This cannot be undone. Enter your password and type DELETE to confirm.',
    password: 'Password',
    confirmWord: 'DELETE',
    confirmLabel: 'Type DELETE to confirm',
    submit: 'Delete my account',
    cancel: 'Cancel',
    /** Shown on the landing page after the deletion signed the member out. */
    deletedNotice: 'Your account was deleted. We are sorry to see you go.',
    googleHint:
      'You sign in with Google: sign in with Google again, then delete the account within 5 minutes.',
    googleReauth: 'Sign in with Google again',
    /** Back from the Google sign-in the dialog started: the proof is waiting for the deletion. */
    googleConfirmed: 'Google confirmed it is you. Type DELETE and delete your account within 5 minutes.',
  },
  errors: {
    /** A Google account asked for its (absent) password. */
    noPassword: 'This account signs in with Google and has no password.',
    /** A Google account whose last Google sign-in is older than 5 minutes. */
    reauthRequired: 'Sign in with Google again, then delete your account within 5 minutes.',
    passwordRequired: 'Password is required',
    /** Back from a Google sign-in for the deletion that did not prove the member (another Google account, cancelled). */
    reauthFailed: 'Google did not confirm it is you. Sign in with the Google account this account uses.',
    /** A password account asked for the Google sign-in that only stands in for a password. */
    usePassword: 'This account has a password: enter it to delete the account.',
  },
} as const;

/** The session-storage key the shell sets before leaving for the landing page after a deletion (read once there). */
export const ACCOUNT_DELETED_NOTICE_KEY = 'act-account-deleted';

/**
 * The query parameter the Google sign-in started for a deletion adds to the account page it returns to
 * (docs/product-rules.md#account-deletion): the dialog opens again and says whether Google confirmed the member.
 */
export const GOOGLE_REAUTH_PARAM = 'reauth';
export const GOOGLE_REAUTH_RESULTS = ['confirmed', 'failed'] as const;
export type GoogleReauthResult = (typeof GOOGLE_REAUTH_RESULTS)[number];
