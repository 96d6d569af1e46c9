import { describe, expect, it } from 'vitest';
import {
  AuthorizeQuerySchema,
  SessionSchema,
  SignupRequestSchema,
  TokenRequestSchema,
  VerifyRequestSchema,
} from './identity';

function messages(result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) {
  return result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
}

describe('identity contracts', () => {
  it('accepts a sign-up and normalises the email', () => {
    expect(SignupRequestSchema.parse({ email: '  Ada@Example.COM ', password: 'secret1' })).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
    });
  });

  it('rejects sign-ups with the expected messages', () => {
    expect(messages(SignupRequestSchema.safeParse({ email: '', password: '' }))).toEqual([
      'email: Email is required',
      'password: Password is required',
    ]);
    expect(messages(SignupRequestSchema.safeParse({ email: 'ada', password: 'short' }))).toEqual([
      'email: Please enter a valid email address',
      'password: Password should be at least 6 characters',
    ]);
    expect(messages(SignupRequestSchema.safeParse({}))).toEqual([
      'email: Email is required',
      'password: Password is required',
    ]);
    expect(SignupRequestSchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(129) }).success).toBe(false);
  });

  it('parses both token grants', () => {
    expect(
      TokenRequestSchema.parse({ grant_type: 'password', email: 'a@b.co', password: 'p' }).grant_type,
    ).toBe('password');
    expect(TokenRequestSchema.parse({ grant_type: 'refresh_token' })).toEqual({
      grant_type: 'refresh_token',
    });
    expect(TokenRequestSchema.safeParse({ grant_type: 'client_credentials' }).success).toBe(false);
  });

  it('describes the session without requiring the cookie-borne refresh token', () => {
    const session = {
      access_token: 'jwt',
      token_type: 'bearer',
      expires_in: 900,
      expires_at: 1_736_000_000,
      user: {
        id: '4c2a9e7b-1f3d-4a6c-8b5e-9d0f1a2b3c4d',
        email: 'a@b.co',
        created_at: '2025-01-01T00:00:00.000Z',
      },
    };
    expect(SessionSchema.safeParse(session).success).toBe(true);
    expect(SessionSchema.safeParse({ ...session, token_type: 'mac' }).success).toBe(false);
  });

  it('requires a new password to complete recovery', () => {
    expect(VerifyRequestSchema.safeParse({ type: 'recovery', token: 't', password: 'newpass' }).success).toBe(
      true,
    );
    expect(
      messages(VerifyRequestSchema.safeParse({ type: 'recovery', token: 't', password: 'abc' })),
    ).toEqual(['password: Password should be at least 6 characters']);
  });

  it('only redirects to same-origin paths after Google sign-in', () => {
    expect(AuthorizeQuerySchema.parse({ redirect_to: '/dashboard' })).toEqual({
      provider: 'google',
      redirect_to: '/dashboard',
    });
    expect(AuthorizeQuerySchema.safeParse({ redirect_to: '//evil.example' }).success).toBe(false);
    expect(AuthorizeQuerySchema.safeParse({ redirect_to: 'https://evil.example' }).success).toBe(false);
  });
});
