import { describe, expect, it } from 'vitest';
import { parseAdminCreateArgs } from './admin-create-args';

describe('admin:create arguments', () => {
  it('takes the email alone as an admin (the README usage)', () => {
    expect(parseAdminCreateArgs(['ops@example.com'])).toEqual({ email: 'ops@example.com', role: 'admin' });
  });

  it('takes a role before or after the email', () => {
    expect(parseAdminCreateArgs(['ops@example.com', '--role', 'finance'])).toEqual({ email: 'ops@example.com', role: 'finance' });
    expect(parseAdminCreateArgs(['--role', 'support', 'ops@example.com'])).toEqual({ email: 'ops@example.com', role: 'support' });
  });

  it('refuses a missing email, an unknown role or a role without a value', () => {
    expect(parseAdminCreateArgs([])).toBeNull();
    expect(parseAdminCreateArgs(['ops@example.com', '--role', 'owner'])).toBeNull();
    expect(parseAdminCreateArgs(['ops@example.com', '--role'])).toBeNull();
  });
});
