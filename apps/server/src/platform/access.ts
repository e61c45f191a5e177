// Access policy on every route (docs/architecture.md, Requests; docs/security.md items 17-18).
// A route declares `config.access`; buildApp refuses to start when an /api route has none, and
// a preHandler enforces it. Who the caller is comes from the principal resolver, which the
// accounts module provides (bearer tokens) and the observer module extends (observer links).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { holdsAny, operatorMay, type OperatorRole, type Permission } from '@hashpool/shared';
import { AppError } from './errors';

export type AccessPolicy =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'permissions'; any: readonly Permission[] }
  | { kind: 'observer-readable'; any: readonly Permission[] }
  /** Operators holding the admin role. */
  | { kind: 'admin' }
  /** Operators holding one of the roles (admin always passes). */
  | { kind: 'operator'; roles: readonly OperatorRole[] }
  /** Machine callers (stratum nodes) with their own key; checked by the route itself. */
  | { kind: 'internal' };

export const access = {
  public: { kind: 'public' } as AccessPolicy,
  user: { kind: 'user' } as AccessPolicy,
  admin: { kind: 'admin' } as AccessPolicy,
  internal: { kind: 'internal' } as AccessPolicy,
  /** Logged-in users holding at least one of the permissions. */
  permissions: (...any: Permission[]): AccessPolicy => ({ kind: 'permissions', any }),
  /** As `permissions`, and also readable through an observer link granting one of them. */
  observerReadable: (...any: Permission[]): AccessPolicy => ({ kind: 'observer-readable', any }),
  /**
   * Operators holding one of the roles; an admin always passes, so `access.operator('finance')`
   * opens a route to finance and admin, `access.admin` to admin alone (docs/security.md, Operator roles).
   */
  operator: (...roles: OperatorRole[]): AccessPolicy => ({ kind: 'operator', roles }),
};

export interface Principal {
  userId: string;
  /** The mining (sub-)account the request acts for. */
  accountId: string | null;
  permissions: readonly string[];
  isAdmin: boolean;
  /** The operator roles the user holds (admin, finance, support, content); none for a miner. */
  operatorRoles?: readonly OperatorRole[];
  /** The login (session family) the request came with; security changes end the others. */
  sessionFamilyId?: string;
  /** Set when the caller is an observer link rather than a logged-in user: read-only. */
  observer?: { linkId: string; permissions: readonly string[] };
  /**
   * Set when the caller is a third-party application with an OAuth access token (modules/oauth):
   * it also carries `observer`, so it is read-only in the same way, limited to these sub-accounts.
   */
  oauth?: { authorizationId: string; clientId: string; scopes: readonly string[]; accountIds: readonly string[] };
}

export type PrincipalResolver = (request: FastifyRequest) => Promise<Principal | null>;

/** Routes the policy check has seen, for the test that walks them all. */
export interface RouteRecord {
  method: string;
  url: string;
  access: AccessPolicy | undefined;
}

const READ_METHODS = new Set(['GET', 'HEAD']);

export function isAllowed(policy: AccessPolicy, principal: Principal | null, method: string): 'ok' | 'unauthorized' | 'forbidden' {
  switch (policy.kind) {
    case 'public':
    case 'internal':
      return 'ok';
    case 'admin':
      if (!principal || principal.observer) return 'unauthorized';
      return principal.isAdmin ? 'ok' : 'forbidden';
    case 'operator':
      if (!principal || principal.observer) return 'unauthorized';
      return principal.isAdmin || operatorMay(principal.operatorRoles ?? [], policy.roles) ? 'ok' : 'forbidden';
    case 'user':
      if (!principal || principal.observer) return 'unauthorized';
      return 'ok';
    case 'permissions':
      if (!principal || principal.observer) return 'unauthorized';
      return holdsAny(principal.permissions, policy.any) ? 'ok' : 'forbidden';
    case 'observer-readable':
      if (!principal) return 'unauthorized';
      if (principal.observer) {
        // Observers only ever read, and only what their link grants.
        return READ_METHODS.has(method) && holdsAny(principal.observer.permissions, policy.any) ? 'ok' : 'forbidden';
      }
      return holdsAny(principal.permissions, policy.any) ? 'ok' : 'forbidden';
  }
}

/**
 * `publicPrefixes`: routes that plugins register (the OpenAPI UI) and that are public by design;
 * they get the public policy here because the plugin cannot declare one.
 */
export const accessPlugin = fp<{ publicPrefixes: string[] }>(async (app: FastifyInstance, options) => {
  const routes: RouteRecord[] = [];
  app.decorate('routeRecords', routes);
  app.decorate('principalResolver', (async () => null) as PrincipalResolver);
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    if (!route.config?.access && options.publicPrefixes.some((p) => route.url.startsWith(p))) {
      route.config = { ...route.config, access: access.public };
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' && route.url.startsWith('/api')) continue; // the GET twin carries the policy
      routes.push({ method, url: route.url, access: route.config?.access });
    }
  });

  app.addHook('onReady', async () => {
    const missing = routes.filter((r) => r.url.startsWith('/api') && !r.access);
    if (missing.length > 0) {
      throw new Error(`Routes without an access policy: ${missing.map((r) => `${r.method} ${r.url}`).join(', ')}`);
    }
  });

  // After the rate limit (onRequest) and before the body is parsed or validated: an anonymous
  // or unauthorised caller learns nothing about a route's schema and costs us no parsing.
  app.addHook('preParsing', async (request) => {
    const policy = request.routeOptions.config.access;
    if (!policy || policy.kind === 'public' || policy.kind === 'internal') return;
    const principal = await app.principalResolver(request);
    request.principal = principal;
    const verdict = isAllowed(policy, principal, request.method);
    if (verdict !== 'ok') throw new AppError(verdict);
  });
});
