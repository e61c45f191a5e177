// Access policy on every route (docs/architecture.md, Requests; docs/security.md items 17-18).
// A route declares `config.access`; buildApp refuses to start when an /api route has none, and
// a preHandler enforces it. Who the caller is comes from the principal resolver, which the
// accounts module provides (bearer tokens) and the observer module extends (observer links).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { holdsAny, OBSERVER_TOKEN_PARAM, operatorMay, type OperatorRole, type Permission } from '@hashpool/shared';
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
  observer?: ObserverGrant;
  /**
   * Set when the caller is a third-party application with an OAuth access token (modules/oauth):
   * read-only like an observer, limited to the granted sub-accounts; `permissions` are what its
   * scopes open on this request's route and account (modules/oauth/scopes.ts).
   */
  oauth?: { authorizationId: string; clientId: string; scopes: readonly string[]; accountIds: readonly string[]; permissions: readonly string[] };
}

/**
 * What an observer link lets its holder read (modules/observers): GET routes of `routes` (the
 * link's pages in OBSERVER_PAGES, paths without /api) whose policy is observer-readable by one of
 * `permissions`, and only with `accountName` as the route's :account.
 */
export interface ObserverGrant {
  linkId: string;
  accountName: string;
  permissions: readonly string[];
  routes: readonly string[];
}

/** The route a request matched: its pattern (with /api) and its path parameters. */
export interface RouteTarget {
  url: string;
  params: unknown;
}

/** True when the request carries an observer token (the query parameter), whatever else it carries. */
export function carriesObserverToken(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | null | undefined;
  return typeof query === 'object' && query !== null && query[OBSERVER_TOKEN_PARAM] !== undefined;
}

/**
 * An observer reaches a route only when it is one of its link's pages' API routes and the route's
 * :account is the link's sub-account (case-insensitive, as sub-account names are). A route
 * without :account is never an observer's: the link is bound to exactly one sub-account.
 */
export function observerReaches(grant: ObserverGrant, route: RouteTarget | undefined): boolean {
  if (!route) return false;
  const url = route.url.startsWith('/api/') ? route.url.slice(4) : route.url;
  if (!grant.routes.includes(url)) return false;
  const account = (route.params as Record<string, unknown> | null | undefined)?.account;
  return typeof account === 'string' && account.toLowerCase() === grant.accountName.toLowerCase();
}

export type PrincipalResolver = (request: FastifyRequest) => Promise<Principal | null>;

/** Routes the policy check has seen, for the test that walks them all. */
export interface RouteRecord {
  method: string;
  url: string;
  access: AccessPolicy | undefined;
}

const READ_METHODS = new Set(['GET', 'HEAD']);

export type Verdict = 'ok' | 'unauthorized' | 'forbidden' | 'observer_read_only';

/** An observer link or an OAuth application: someone the owner let read, never act. */
function delegated(principal: Principal): boolean {
  return Boolean(principal.observer || principal.oauth);
}

export function isAllowed(policy: AccessPolicy, principal: Principal | null, method: string, route?: RouteTarget): Verdict {
  // An observer link or an OAuth token only ever reads (docs/security.md, Observer links, OAuth).
  if (principal && delegated(principal) && !READ_METHODS.has(method)) return principal.observer ? 'observer_read_only' : 'forbidden';
  switch (policy.kind) {
    case 'public':
    case 'internal':
      return 'ok';
    case 'admin':
      if (!principal) return 'unauthorized';
      if (delegated(principal)) return 'forbidden';
      return principal.isAdmin ? 'ok' : 'forbidden';
    case 'operator':
      if (!principal) return 'unauthorized';
      if (delegated(principal)) return 'forbidden';
      return principal.isAdmin || operatorMay(principal.operatorRoles ?? [], policy.roles) ? 'ok' : 'forbidden';
    case 'user':
      if (!principal) return 'unauthorized';
      return delegated(principal) ? 'forbidden' : 'ok';
    case 'permissions':
      if (!principal) return 'unauthorized';
      if (delegated(principal)) return 'forbidden';
      return holdsAny(principal.permissions, policy.any) ? 'ok' : 'forbidden';
    case 'observer-readable':
      if (!principal) return 'unauthorized';
      if (principal.observer) {
        // Observers only ever read, and only what their link grants, of their link's sub-account.
        const grant = principal.observer;
        return READ_METHODS.has(method) && holdsAny(grant.permissions, policy.any) && observerReaches(grant, route) ? 'ok' : 'forbidden';
      }
      if (principal.oauth) return READ_METHODS.has(method) && holdsAny(principal.oauth.permissions, policy.any) ? 'ok' : 'forbidden';
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
  app.addHook('preParsing', async (request, reply) => {
    if (carriesObserverToken(request)) {
      // What an observer link shows is not kept by browsers or proxies.
      reply.header('cache-control', 'no-store');
      // An observer token refuses every change, on any route (a public one included), before anything else.
      if (!READ_METHODS.has(request.method)) throw new AppError('observer_read_only');
    }
    const policy = request.routeOptions.config.access;
    if (!policy || policy.kind === 'public' || policy.kind === 'internal') return;
    const principal = await app.principalResolver(request);
    // The observer token overrides every other credential: should another module's resolver
    // (one registered after the observers module) have answered first, the request is refused.
    if (carriesObserverToken(request) && !principal?.observer) throw new AppError('observer_link_invalid');
    request.principal = principal;
    const verdict = isAllowed(policy, principal, request.method, { url: request.routeOptions.url ?? '', params: request.params });
    if (verdict !== 'ok') throw new AppError(verdict);
  });
});
