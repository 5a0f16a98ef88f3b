import { describe, expect, it } from 'vitest';
import { displayNameFromEmail, usernameBaseFromEmail, usernameCandidates } from './account-names';

describe('names from an e-mail address', () => {
  it('reads a display name from the words of the local part', () => {
    expect(displayNameFromEmail('olga.ui4@example.com', 'olga.ui4')).toBe('Olga');
    expect(displayNameFromEmail('ANA.lima+feed@example.com', 'ana.lima')).toBe('Ana Lima');
    expect(displayNameFromEmail('José_Ñúñez@example.com', 'jose_nunez')).toBe('Jose Nunez');
    expect(displayNameFromEmail('x1@example.com', 'x1_2')).toBe('X');
    expect(displayNameFromEmail('12345@example.com', '12345')).toBe('12345');
  });

  it('turns the local part into a username base, dots for what a username cannot hold', () => {
    expect(usernameBaseFromEmail('olga.ui4@example.com')).toBe('olga.ui4');
    expect(usernameBaseFromEmail('Mary-Jane..O@example.com')).toBe('mary.jane.o');
    expect(usernameBaseFromEmail('-ana-@example.com')).toBe('ana');
    expect(usernameBaseFromEmail('+tag@example.com')).toBe('creator');
    expect(usernameBaseFromEmail(`${'a'.repeat(40)}@example.com`)).toHaveLength(24);
  });

  it('offers only valid usernames: never reserved or short, a suffix after a digit kept apart', () => {
    expect(usernameCandidates('olga.ui4', [1, 2, 3])).toEqual(['olga.ui4', 'olga.ui4_2', 'olga.ui4_3']);
    expect(usernameCandidates('admin', [1, 2])).toEqual(['admin2']);
    expect(usernameCandidates('al', [1, 2])).toEqual(['al2']);
  });
});
