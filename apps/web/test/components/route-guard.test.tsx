// The route guard in the app's router: what a visitor, a user and an operator are shown or sent to
// before any page renders (docs/rules.md, Routes and access), from the real session state and the
// permissions of GET /permissions/current (put in the cache here).
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@hashpool/shared';
import { RouteGuard } from '../../src/app/RouteGuard';
import { clearSession, getSessionEpoch, setNextDestination, writeSession } from '../../src/shell/session/session';
import { userKeys } from '../../src/shell/session/user.queries';
import { renderAt } from './render';

function logIn() {
  writeSession({ token: 'access-token', refreshToken: 'refresh-token', expiry: Date.now() + 3_600_000, issuedAt: Date.now() }, 'login');
}

const permissions = (list: readonly string[], operator_roles: string[] = []) => [userKeys.permissions(getSessionEpoch()), { permissions: list, is_admin: operator_roles.length > 0, operator_roles }] as [readonly unknown[], unknown];

const shownAt = async () => (await screen.findByTestId('location')).textContent;

afterEach(() => {
  clearSession();
  setNextDestination(null);
});

describe('RouteGuard', () => {
  it('shows a public page to a visitor', async () => {
    renderAt('/miners', { guard: <RouteGuard /> });
    expect(await shownAt()).toBe('/miners');
  });

  it('sends a visitor from a logged-in page to the login, with the way back', async () => {
    renderAt('/user/account?tab=1', { guard: <RouteGuard /> });
    expect(await shownAt()).toBe('/login?redirect=%2Fuser%2Faccount%3Ftab%3D1');
  });

  it('shows a logged-in page to a user holding its permission', async () => {
    logIn();
    renderAt('/user/account', { guard: <RouteGuard />, cached: [permissions(['user.view', 'account.view'])] });
    expect(await shownAt()).toBe('/user/account');
  });

  it('waits, showing no page, while the permissions load', async () => {
    logIn();
    renderAt('/user/account', { guard: <RouteGuard /> });
    expect(await screen.findByLabelText('Loading…')).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('sends a user without the permission home', async () => {
    logIn();
    renderAt('/user/account', { guard: <RouteGuard />, cached: [permissions(['user.view'])] });
    expect(await shownAt()).toBe('/');
  });

  it('keeps the admin area to operators of its roles', async () => {
    logIn();
    renderAt('/admin/wallet', { guard: <RouteGuard />, cached: [permissions(PERMISSIONS)] });
    expect(await shownAt()).toBe('/');
  });

  it('opens the admin area to an operator of one of its roles', async () => {
    logIn();
    renderAt('/admin/wallet', { guard: <RouteGuard />, cached: [permissions(PERMISSIONS, ['support'])] });
    expect(await shownAt()).toBe('/admin/wallet');
  });

  it('sends a logged-in user away from the guest-only login screen', async () => {
    logIn();
    renderAt('/login', { guard: <RouteGuard />, cached: [permissions(PERMISSIONS)] });
    expect(await shownAt()).toBe('/?redirected=1');
  });

  it('sends an unknown path home', async () => {
    renderAt('/no/such/page', { guard: <RouteGuard /> });
    expect(await shownAt()).toBe('/');
  });
});
