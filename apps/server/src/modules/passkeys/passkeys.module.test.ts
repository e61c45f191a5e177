import { describe, expect, it } from 'vitest';
import { expectedOrigins } from './passkeys.module';
import { userHandleOf } from './passkeys.service';

describe('passkey relying party', () => {
  it('takes WEBAUTHN_ORIGINS as a comma list without trailing slashes, else localhost of the port and Vite', () => {
    expect(expectedOrigins(' https://pool.example.com/ ,https://www.pool.example.com', 8080)).toEqual(['https://pool.example.com', 'https://www.pool.example.com']);
    expect(expectedOrigins(undefined, 8103)).toEqual(['http://localhost:8103', 'http://localhost:5173']);
    expect(expectedOrigins(' , ', 8080)).toEqual(['http://localhost:8080', 'http://localhost:5173']);
  });

  it("makes the user handle from the user's id alone (base64url of its bytes)", () => {
    expect(userHandleOf('0b6c2a8e-1f2d-4c3b-9a7e-5d4c3b2a1f0e')).toBe(Buffer.from('0b6c2a8e-1f2d-4c3b-9a7e-5d4c3b2a1f0e').toString('base64url'));
    expect(userHandleOf('a')).toBe('YQ');
  });
});
