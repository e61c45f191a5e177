// An extension point: a lower module's place where a higher module (created after it in the
// registry) plugs in what the lower one asks for at run time. The lower module owns the point and
// its type, and exposes it in its API; the higher one declares the lower in dependsOn and
// registers into the point in its create(). The lower module's services read the point when they
// run, never while modules are being created, and fall back to their own default when nothing is
// registered. So a module only ever knows the modules before it, and the registry's order is the
// whole dependency graph (docs/architecture.md, "The module registry").
//
// Examples: earnings.feeReductions (the promotions module's coupons), content.poolFees (earnings'
// fee table) and content.minPayouts (the wallet's coin settings), accounts.withdrawalHolds (the
// wallet's withdrawal hold), mining.blockReviews (earnings' held and voided blocks).

export class ExtensionPoint<T> {
  #provider: T | undefined;

  constructor(readonly name: string) {}

  /** Plugs a provider in; a point takes one, so a second registration is a wiring mistake. */
  register(provider: T): void {
    if (this.#provider !== undefined) throw new Error(`extension point ${this.name} already has a provider`);
    this.#provider = provider;
  }

  /** The registered provider, or undefined when no module registered one. */
  get provider(): T | undefined {
    return this.#provider;
  }
}
