import { describe, expect, it } from 'vitest';
import { makeNewMe } from '../../testing/profile-utils';
import { accountLabelOf, displayNameOf } from './me';

const nameless = { profile: { name: '' }, user: { name: '', email: '' } };

describe('how the app names the signed-in person', () => {
  it('greets by profile name, account name, then e-mail local part', () => {
    expect(displayNameOf(makeNewMe())).toBe('Rita Sousa');
    expect(displayNameOf(makeNewMe({ profile: { name: '' }, user: { name: 'Rita' } }))).toBe('Rita');
    expect(displayNameOf(makeNewMe({ profile: { name: '' }, user: { name: '', email: 'rita@example.com' } }))).toBe('rita');
  });

  it('greets a guest as Guest and a nameless phone account as there', () => {
    expect(displayNameOf(makeNewMe({ ...nameless, user: { ...nameless.user, isAnonymous: true } }))).toBe('Guest');
    expect(displayNameOf(makeNewMe(nameless))).toBe('there');
  });

  it('labels the account in the header by e-mail, else Guest or the name', () => {
    expect(accountLabelOf(makeNewMe())).toBe('rita@example.com');
    expect(accountLabelOf(makeNewMe({ ...nameless, user: { ...nameless.user, isAnonymous: true } }))).toBe('Guest');
    expect(accountLabelOf(makeNewMe({ profile: { name: 'Rui' }, user: { name: '', email: '' } }))).toBe('Rui');
    expect(accountLabelOf(makeNewMe(nameless))).toBe('Your account');
  });
});
