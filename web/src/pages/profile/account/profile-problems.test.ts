import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { problemsOf } from './profile-problems';

describe('problemsOf: where a refusal of update-profile is shown', () => {
  it('puts a taken username under the username field', () => {
    expect(problemsOf(new ApiError(400, 'That username is taken.', 'USERNAME_TAKEN'))).toEqual({ username: 'That username is taken.' });
  });

  it('puts a field the server names under that field, without its name', () => {
    expect(problemsOf(new ApiError(400, 'username: That username is reserved. Please pick another.; name: Too big'))).toEqual({
      username: 'That username is reserved. Please pick another.',
    });
    expect(problemsOf(new ApiError(400, 'avatar: must be a picture stored here (one of your uploads)'))).toEqual({
      avatar: 'Must be a picture stored here (one of your uploads)',
    });
  });

  it('shows anything else, and a lost connection, under the form', () => {
    expect(problemsOf(new ApiError(500, 'Internal error'))).toEqual({ form: 'Internal error' });
    expect(problemsOf(new ApiError(0))).toEqual({ form: 'Network error. Please try again.' });
  });
});
