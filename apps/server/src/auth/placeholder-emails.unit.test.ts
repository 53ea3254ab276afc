import { describe, expect, it } from 'vitest';
import {
  federatedAccountEmail,
  GUEST_EMAIL_DOMAIN,
  isPlaceholderEmail,
  phoneAccountEmail,
  tenantPlaceholderEmail,
  unheldAddress,
} from './placeholder-emails.js';

const ID = '0b6f3c1e-2a4d-4e8f-9c7b-5d1a2e3f4a5b';

describe('placeholder addresses', () => {
  it('recognises every address it makes, and no real one', () => {
    const made = [
      `${ID}@${GUEST_EMAIL_DOMAIN}`,
      phoneAccountEmail(ID),
      federatedAccountEmail(ID),
      tenantPlaceholderEmail('MixedCaseGuestId'),
      unheldAddress('acme', 'ann@example.com'),
    ];
    expect(made.filter((address) => !isPlaceholderEmail(address))).toEqual([]);
    expect(isPlaceholderEmail('ann@example.com')).toBe(false);
    expect(isPlaceholderEmail('ann@invalid.example.com')).toBe(false);
  });

  it('makes tenant placeholders lower case and keeps unheld addresses apart per tenant', () => {
    expect(tenantPlaceholderEmail('AbC')).toBe('tenant-abc@tenant.invalid');
    expect(unheldAddress('acme', 'ann@example.com')).not.toBe(unheldAddress('globex', 'ann@example.com'));
  });
});
