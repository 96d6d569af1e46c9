// Identity service contracts (docs/product-rules.md#endpoints Auth): sign-up, token grants, the session shape, user
// updates and recovery.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { ERROR_TEXTS } from '../errors';
import { LANGUAGE_ERRORS } from '../i18n/language-texts';
import { LOCALES } from '../i18n/locale';
import { LIMITS } from '../limits';
import { successReply, SuccessReplySchema, TimestampSchema } from './common';

const V = ERROR_TEXTS.validation;

/**
 * The browser's note that it holds a session (docs/architecture.md#session-hint): '1' while signed in, '0' after. Never
 * a token; the landing page reads it to decide whether to restore the session (and show Account) without loading the
 * member code for every visitor.
 */
export const SESSION_HINT_STORAGE_KEY = 'act-signed-in';

/** Emails are trimmed and lower-cased so one address maps to one account. */
export const EmailSchema = z
  .string({ error: () => V.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: () => V.emailRequired, abort: true })
  .max(LIMITS.emailMax, { error: () => V.emailTooLong, abort: true })
  .regex(z.regexes.email, { error: () => V.emailInvalid });

/** A new password: required, 6 to 128 characters (docs/product-rules.md#validation; the maximum is ours). */
export const NewPasswordSchema = z
  .string({ error: () => V.passwordRequired })
  .min(1, { error: () => V.passwordRequired, abort: true })
  .min(LIMITS.passwordMin, { error: () => V.passwordTooShort, abort: true })
  .max(LIMITS.passwordMax, { error: () => V.passwordTooLong });

/** A password offered at sign-in: only required and bounded; the length rule applies when it is set. */
export const PasswordSchema = z
  .string({ error: () => V.passwordRequired })
  .min(1, { error: () => V.passwordRequired, abort: true })
  .max(LIMITS.passwordMax, { error: () => V.passwordTooLong });

export const SignupRequestSchema = z.object({ email: EmailSchema, password: NewPasswordSchema });
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

export const PasswordGrantSchema = z.object({
  grant_type: z.literal('password'),
  email: EmailSchema,
  password: PasswordSchema,
});
/** The refresh token normally comes from the httpOnly cookie; the body field exists for non-browser clients. */
export const RefreshGrantSchema = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1).max(512).optional(),
});
export const TokenRequestSchema = z.discriminatedUnion('grant_type', [
  PasswordGrantSchema,
  RefreshGrantSchema,
]);
export type TokenRequest = z.infer<typeof TokenRequestSchema>;
export type PasswordGrant = z.infer<typeof PasswordGrantSchema>;
export type RefreshGrant = z.infer<typeof RefreshGrantSchema>;

export const SessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  created_at: TimestampSchema,
  /**
   * Staff roles (`support`), as signed into the access token; absent for members. Only shows or hides staff pages:
   * the gateway and services check the token's claim (docs/security.md#support-role).
   */
  roles: z.array(z.string()).optional(),
  /** The member's language (docs/product-rules.md#languages): their e-mails use it; 'en' until they choose. */
  locale: z.enum(LOCALES).optional(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/**
 * The session shape of docs/product-rules.md#entities. refresh_token travels as an httpOnly cookie, so the JSON
 * usually omits it.
 */
export const SessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds until the access token expires. */
  expires_in: z.number().int().positive(),
  /** Unix time (seconds) at which the access token expires. */
  expires_at: z.number().int().positive(),
  refresh_token: z.string().optional(),
  user: SessionUserSchema,
});
export type Session = z.infer<typeof SessionSchema>;

/** Reply of signup, token and verify. */
export const SessionReplySchema = successReply({ session: SessionSchema });
export type SessionReply = z.infer<typeof SessionReplySchema>;

/** Reply of GET and PUT user. */
export const UserReplySchema = successReply({ user: SessionUserSchema });
export type UserReply = z.infer<typeof UserReplySchema>;

/** An email or password change; the current password is required for either. */
export const UpdateUserRequestSchema = z
  .object({
    email: EmailSchema.optional(),
    password: NewPasswordSchema.optional(),
    current_password: z
      .string({ error: () => V.currentPasswordRequired })
      .min(1, { error: () => V.currentPasswordRequired, abort: true })
      .max(LIMITS.passwordMax, { error: () => V.passwordTooLong }),
  })
  .refine((u) => u.email !== undefined || u.password !== undefined, {
    error: () => V.invalidRequest,
  });
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;

/** PATCH user: the member's language, which needs no password (docs/product-rules.md#languages). */
export const UpdateLocaleRequestSchema = z.object({
  locale: z.enum(LOCALES, { error: () => LANGUAGE_ERRORS.invalidLocale }),
});
export type UpdateLocaleRequest = z.infer<typeof UpdateLocaleRequestSchema>;

export const RecoverRequestSchema = z.object({ email: EmailSchema });
export type RecoverRequest = z.infer<typeof RecoverRequestSchema>;

/** Completes a recovery (sets a new password) or an email change, using the token sent by email. */
export const VerifyRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('recovery'), token: z.string().min(1).max(512), password: NewPasswordSchema }),
  z.object({ type: z.literal('email_change'), token: z.string().min(1).max(512) }),
]);
export type VerifyRequest = z.infer<typeof VerifyRequestSchema>;

export const OAUTH_PROVIDERS = ['google'] as const;
export const OAuthProviderSchema = z.enum(OAUTH_PROVIDERS);

/** Query of GET authorize: which provider, and where in the app to land afterwards (a same-origin path). */
export const AuthorizeQuerySchema = z.object({
  provider: OAuthProviderSchema.default('google'),
  redirect_to: z
    .string()
    // Same-origin paths only: no scheme, no '//' or '/\' (browsers read both as another host), no whitespace.
    .regex(/^\/(?![/\\])[^\s\\]*$/, { error: () => V.invalidRequest })
    .max(512)
    .optional(),
});
export type AuthorizeQuery = z.infer<typeof AuthorizeQuerySchema>;

export const CallbackQuerySchema = z.object({
  code: z.string().min(1).max(2048).optional(),
  state: z.string().min(1).max(512),
  error: z.string().max(256).optional(),
});
export type CallbackQuery = z.infer<typeof CallbackQuerySchema>;

/** Reply of GET settings: which sign-in providers are configured (the shell disables what is not). */
export const IdentitySettingsReplySchema = successReply({ providers: z.object({ google: z.boolean() }) });
export type IdentitySettingsReply = z.infer<typeof IdentitySettingsReplySchema>;

/** Reply of PUT user: emailChangePending when a confirmation link went to the new address. */
export const UpdateUserReplySchema = successReply({
  user: SessionUserSchema,
  emailChangePending: z.boolean(),
});
export type UpdateUserReply = z.infer<typeof UpdateUserReplySchema>;

/** Public JSON Web Key Set served at the jwks route. */
export const JwksSchema = z.object({
  keys: z.array(z.looseObject({ kty: z.string(), kid: z.string(), alg: z.string().optional() })),
});
export type Jwks = z.infer<typeof JwksSchema>;

/** Claims of an access token. */
export const AccessTokenClaimsSchema = z.object({
  sub: z.uuid(),
  email: z.string(),
  iss: z.string(),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number().int(),
  /** Seconds with milliseconds (a fractional NumericDate), so a password change falls between two tokens exactly. */
  iat: z.number(),
  /** The session family: signing out (or a reused refresh token) revokes every token carrying it. */
  sid: z.uuid(),
});
export type AccessTokenClaims = z.infer<typeof AccessTokenClaimsSchema>;

/** Defaults of JWT_ISSUER and JWT_AUDIENCE (team brief). */
export const JWT_DEFAULTS = { issuer: 'act-identity', audience: 'act-api', algorithm: 'EdDSA' } as const;
/** Name of the httpOnly refresh-token cookie. */
export const REFRESH_COOKIE_NAME = 'act_refresh';

/**
 * The identity endpoints (docs/product-rules.md#endpoints Auth). Logout works from the refresh cookie alone, so it is
 * public.
 */
export const IDENTITY_ENDPOINTS = {
  signup: endpoint({
    method: 'POST',
    path: '/api/identity/signup',
    access: 'public',
    request: SignupRequestSchema,
    reply: SessionReplySchema,
  }),
  /** grant_type password or refresh_token (in the body or the query). */
  token: endpoint({
    method: 'POST',
    path: '/api/identity/token',
    access: 'public',
    request: TokenRequestSchema,
    reply: SessionReplySchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/identity/logout',
    access: 'public',
    reply: SuccessReplySchema,
  }),
  getUser: endpoint({ method: 'GET', path: '/api/identity/user', access: 'member', reply: UserReplySchema }),
  updateUser: endpoint({
    method: 'PUT',
    path: '/api/identity/user',
    access: 'member',
    request: UpdateUserRequestSchema,
    reply: UpdateUserReplySchema,
  }),
  updateLocale: endpoint({
    method: 'PATCH',
    path: '/api/identity/user',
    access: 'member',
    request: UpdateLocaleRequestSchema,
    reply: UserReplySchema,
  }),
  recover: endpoint({
    method: 'POST',
    path: '/api/identity/recover',
    access: 'public',
    request: RecoverRequestSchema,
    reply: SuccessReplySchema,
  }),
  verify: endpoint({
    method: 'POST',
    path: '/api/identity/verify',
    access: 'public',
    request: VerifyRequestSchema,
    reply: SessionReplySchema,
  }),
  /**
   * Starts Google sign-in (a redirect). Its query (AuthorizeQuerySchema) is read by the handler: a bad one lands on
   * the auth page with the spec's text rather than a JSON 400 the browser would show raw.
   */
  authorize: endpoint({ method: 'GET', path: '/api/identity/authorize', access: 'public' }),
  /** Google redirects back here. */
  callback: endpoint({ method: 'GET', path: '/api/identity/callback', access: 'public' }),
  jwks: endpoint({
    method: 'GET',
    path: '/api/identity/.well-known/jwks.json',
    access: 'public',
    reply: JwksSchema,
  }),
  /** Which sign-in providers are configured. */
  settings: endpoint({
    method: 'GET',
    path: '/api/identity/settings',
    access: 'public',
    reply: IdentitySettingsReplySchema,
  }),
} as const;
