import { describe, expect, it } from 'vitest';
import { identityErrorText } from '../../../src/features/onboarding/components/IdentityCheck';
import { ApiRequestError } from '../../../src/shared/api/fetcher';

describe('the text of a refused identity call (onboarding spec section 8)', () => {
  it("shows a 422's error_message with the attempts left and the time to wait", () => {
    expect(identityErrorText(new ApiRequestError(422, { error_message: 'Invalid OTP', attempts_remaining: 2 }))).toBe('Invalid OTP, attempts left 2');
    expect(identityErrorText(new ApiRequestError(422, { error_message: 'Too many attempts', attempts_remaining: 0, time_remaining: 1505 }))).toBe(
      'Too many attempts, attempts left 0, retry after 25:05 minutes',
    );
  });

  it("shows a field's own message, and the spec's fallback for anything but a 422", () => {
    expect(identityErrorText(new ApiRequestError(422, { errors: { aadhaar_number: ['Aadhar number is invalid'] } }), 'aadhaar_number')).toBe('Aadhar number is invalid');
    expect(identityErrorText(new ApiRequestError(500, { error: 'boom' }))).toBe('Something went wrong try after some time');
    expect(identityErrorText(new Error('offline'))).toBe('Something went wrong try after some time');
  });

  it('words central KYC, consent, address and XML failures as the spec does for them: the server message at any status, else its own fallback', () => {
    expect(identityErrorText(new ApiRequestError(500, { message: 'CKYC record not found' }), 'dob', 'other')).toBe('CKYC record not found');
    expect(identityErrorText(new ApiRequestError(409, { error_message: 'Share code is wrong' }), undefined, 'other')).toBe('Share code is wrong');
    expect(identityErrorText(new ApiRequestError(500, {}), undefined, 'other')).toBe('Something went wrong please try after some time');
    expect(identityErrorText(new Error('offline'), undefined, 'other')).toBe('Something went wrong please try after some time');
  });
});
