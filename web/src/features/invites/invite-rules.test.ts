import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { inviteEmailProblem, inviteErrorText, inviteLink, isGuestUser } from './invite-rules';

describe('the invite rules (spec 2 §5, §8)', () => {
  it('asks for an address, then a valid one', () => {
    expect(inviteEmailProblem('  ')).toBe('Please enter an email address');
    expect(inviteEmailProblem('friend@')).toBe('Please enter a valid email address');
    expect(inviteEmailProblem(' friend@example.com ')).toBeNull();
  });

  it('says what each server code means', () => {
    expect(inviteErrorText(new ApiError(400, 'x', 'REFERRAL_VALIDATION_FAILED'))).toBe('Referral validation failed');
    expect(inviteErrorText(new ApiError(429, 'x', 'ACCOUNT_LIMIT_EXCEEDED'))).toBe(
      'Too many accounts created from this IP address. Please try again later.',
    );
    expect(inviteErrorText(new ApiError(404, 'x', 'REFERRER_NOT_FOUND'))).toBe('Referrer account not found. Please try again.');
    expect(inviteErrorText(new ApiError(500, 'boom'))).toBe('Failed to send invitation');
    expect(inviteErrorText(new ApiError(0))).toBe('Failed to send invitation. Please try again.');
    expect(inviteErrorText(new Error('?'))).toBe('Failed to send invitation. Please try again.');
  });

  it('treats no user and guest ids as guests', () => {
    expect(isGuestUser(null)).toBe(true);
    expect(isGuestUser({ id: 'guest-123' })).toBe(true);
    expect(isGuestUser({ id: '5b1c…' })).toBe(false);
  });

  it('links to /auth with the referrer', () => {
    expect(inviteLink('ana+1@example.com', 'https://mirrorverse.app')).toBe('https://mirrorverse.app/auth?referrer=ana%2B1%40example.com');
  });
});
