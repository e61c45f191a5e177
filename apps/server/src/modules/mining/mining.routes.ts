// HTTP of the mining engine: the ingest endpoint for stratum nodes, and the account pages' reads
// (docs/rules.md, The API, "Pool"). Reads check that the sub-account in the path is the caller's.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountStatsSchema,
  envelope,
  findCoin,
  minerCountsSchema,
  minerListQuerySchema,
  minerPageSchema,
  poolAccountParamsSchema,
  shareBatchResultSchema,
  shareBatchSchema,
  SHARES_COMPACT_TYPE,
  clearWorkersBodySchema,
  createGroupBodySchema,
  groupIdParamsSchema,
  groupListSchema,
  groupSchema,
  moveWorkersBodySchema,
  renameGroupBodySchema,
  hashrateQuerySchema,
  hashrateSeriesSchema,
  minerParamsSchema,
  minerRowSchema,
  poolParamsSchema,
  alertSettingsBodySchema,
  alertSettingsSchema,
  groupAlertBodySchema,
  groupAlertListSchema,
  blockEventsBodySchema,
  blockPageSchema,
  coinPagesSchema,
  pageQuerySchema,
  internalAccountParamsSchema,
  internalAccountSchema,
  poolStratumSchema,
  stratumAnnounceBodySchema,
} from '@hashpool/shared';
import { z } from 'zod';
import { access } from '../../platform/access';
import { accountCoin } from '../../platform/coin-checks';
import { AppError, ok } from '../../platform/errors';
import type { AccountDirectory } from '../accounts';
import type { AlertsService } from './alerts.service';
import type { IngestService } from './ingest.service';
import { ingestKeyChecker } from './ingest-keys';
import type { ShareEncoding } from './share-compact';
import type { GroupsService } from './groups.service';
import type { HistoryService } from './history.service';
import type { BlocksService } from './blocks.service';
import type { StratumService } from './stratum.service';
import type { WorkersService } from './workers.service';

/** The compact form in the OpenAPI document: bytes, laid out in docs/stratum-integration.md. */
const compactShareBatchBody = z.string().meta({
  format: 'binary',
  description: `The batch { batch_id, shares } as ${SHARES_COMPACT_TYPE}: the same contract, validation, refusals and batch-id semantics as the JSON form; byte layout in docs/stratum-integration.md ("The compact batch encoding"). A malformed body is answered 400 validation_failed.`,
});

/** A large pool's node sends tens of thousands of shares per batch. */
const INGEST_BODY_LIMIT = 32 * 1024 * 1024;

export function miningRoutes(deps: { ingest: IngestService; workers: WorkersService; groups: GroupsService; history: HistoryService; alerts: AlertsService; blocks: BlocksService; stratum: StratumService; accounts: AccountDirectory; ingestKeys: string | undefined }) {
  const keyOk = ingestKeyChecker(deps.ingestKeys);
  const requireIngestKey = async (request: FastifyRequest) => {
    const key = request.headers['x-ingest-key'];
    if (!keyOk(Array.isArray(key) ? key[0] : key)) throw new AppError('unauthorized');
  };

  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();

    // The body stays bytes here: the ingest service reads it in a decoder thread (share-decoder.ts),
    // checking it against shareBatchSchema there (or reading the compact form, share-compact.ts),
    // so the route's own validation passes it through. The key is checked before the body is read.
    // JSON and the compact form (SHARES_COMPACT_TYPE) are the only bodies it takes: every other
    // content type (text/plain included, which the server would otherwise hand over as a string)
    // is answered 415.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      for (const [type, encoding] of [['application/json', 'json'], [SHARES_COMPACT_TYPE, 'compact']] as const) {
        scope.addContentTypeParser(type, { parseAs: 'buffer' }, (_request, bytes, done) => done(null, { bytes, encoding })); // the route's bodyLimit applies
      }
      scope.withTypeProvider<ZodTypeProvider>().post('/internal/shares', {
        // Stratum nodes authenticate with their own key, not with a user's signature or token.
        config: { access: access.internal, signed: false, rateLimit: false },
        bodyLimit: INGEST_BODY_LIMIT,
        schema: {
          tags: ['ingest'],
          summary: `A batch of shares from a stratum node (X-Ingest-Key): JSON or the compact form ${SHARES_COMPACT_TYPE}`,
          body: { content: { 'application/json': { schema: shareBatchSchema }, [SHARES_COMPACT_TYPE]: { schema: compactShareBatchBody } } },
          response: { 200: envelope(shareBatchResultSchema) },
        },
        validatorCompiler: () => (data: unknown) => ({ value: data }),
        onRequest: requireIngestKey,
      }, async (request) => {
        const { bytes, encoding } = request.body as unknown as { bytes: Buffer; encoding: ShareEncoding };
        return ok(request, await deps.ingest.submitBody(bytes, encoding));
      });
    });

    app.post('/internal/blocks', {
      config: { access: access.internal, signed: false, rateLimit: false },
      schema: { tags: ['ingest'], summary: 'Block events from a stratum node: found, confirmations, orphaned, network difficulty (X-Ingest-Key)', body: blockEventsBodySchema, response: { 200: envelope(z.object({ recorded: z.number().int(), refused: z.number().int() })) } },
      // Before the body is read, as on the other ingest routes (docs/stratum-integration.md §1).
      onRequest: requireIngestKey,
    }, async (request) => ok(request, await deps.blocks.record(request.body.events)));

    // The stratum server's calls: the sub-account lookup at mining.authorize,
    // and the announcement of the endpoints a process listens on.
    app.get('/internal/accounts/:name', {
      config: { access: access.internal, signed: false, rateLimit: false },
      schema: { tags: ['ingest'], summary: 'Whether a sub-account of that name exists, case-insensitive (the stratum server asks at mining.authorize; X-Ingest-Key)', params: internalAccountParamsSchema, response: { 200: envelope(internalAccountSchema) } },
      onRequest: requireIngestKey,
    }, async (request) => ok(request, await deps.stratum.accountExists(request.params.name)));

    app.post('/internal/stratum/endpoints', {
      config: { access: access.internal, signed: false, rateLimit: false },
      schema: { tags: ['ingest'], summary: 'The stratum endpoints a stratum process listens on, replacing its earlier announcement (X-Ingest-Key)', body: stratumAnnounceBodySchema, response: { 200: envelope(z.object({ endpoints: z.number().int() })) } },
      onRequest: requireIngestKey,
    }, async (request) => ok(request, await deps.stratum.announce(request.body)));

    /** The path's coin (account mode only) and the caller's own sub-account of that name. */
    async function scope(request: FastifyRequest<{ Params: { pool: string } }>, accountName: string) {
      const coin = accountCoin(request.params.pool);
      const account = await deps.accounts.owned(request.principal!.userId, accountName);
      return { coin: coin.code, accountId: account.id };
    }
    const tags = ['pool'];

    app.get('/pools/:pool/accounts/:account/miners', {
      config: { access: access.observerReadable('miner.view') },
      schema: { tags, summary: 'Workers of a sub-account: filter by group, status, name; sort; page', params: poolAccountParamsSchema, querystring: minerListQuerySchema, response: { 200: envelope(minerPageSchema) } },
    }, async (request) => {
      const { coin, accountId } = await scope(request, request.params.account);
      return ok(request, await deps.workers.list(accountId, coin, request.query));
    });

    app.get('/pools/:pool/accounts/:account/miners/stats', {
      config: { access: access.observerReadable('miner.view') },
      schema: { tags, summary: 'Worker counts by status', params: poolAccountParamsSchema, response: { 200: envelope(minerCountsSchema) } },
    }, async (request) => {
      const { coin, accountId } = await scope(request, request.params.account);
      return ok(request, await deps.workers.counts(accountId, coin));
    });

    app.get('/pools/:pool/accounts/:account/stats', {
      config: { access: access.observerReadable('pool.view') },
      schema: { tags, summary: 'Hashrate windows, reject rate and worker counts of a sub-account', params: poolAccountParamsSchema, response: { 200: envelope(accountStatsSchema) } },
    }, async (request) => {
      const { coin, accountId } = await scope(request, request.params.account);
      return ok(request, await deps.workers.accountStats(accountId, coin));
    });

    const pool = z.object({ pool: z.string().max(16) });
    const changed = { 200: envelope(z.object({ count: z.number().int() })) };

    app.get('/pools/:pool/accounts/:account/groups', {
      config: { access: access.observerReadable('miner.view') },
      schema: { tags, summary: 'Worker groups with counts; the default group (id null) always exists', params: poolAccountParamsSchema, response: { 200: envelope(groupListSchema) } },
    }, async (request) => {
      const { coin, accountId } = await scope(request, request.params.account);
      return ok(request, await deps.groups.list(accountId, coin));
    });

    app.post('/pools/:pool/miners/groups', {
      config: { access: access.permissions('miner.view') },
      schema: { tags, summary: 'Create a worker group', params: pool, body: createGroupBodySchema, response: { 200: envelope(groupSchema) } },
    }, async (request) => {
      const { coin, accountId } = await scope(request, request.body.account);
      return ok(request, await deps.groups.create(accountId, coin, request.body.name));
    });

    app.put('/pools/:pool/miners', {
      config: { access: access.permissions('miner.view') },
      schema: { tags, summary: 'Move workers to a group (null: the default group)', params: pool, body: moveWorkersBodySchema, response: changed },
    }, async (request) => {
      const { coin, accountId } = await scope(request, request.body.account);
      return ok(request, { count: await deps.groups.move(accountId, coin, request.body.worker_ids, request.body.group_id) });
    });

    app.put('/miners/groups/:id', {
      config: { access: access.permissions('miner.view') },
      schema: { tags, summary: 'Rename a group', params: groupIdParamsSchema, body: renameGroupBodySchema, response: { 200: envelope(z.null()) } },
    }, async (request) => {
      await deps.groups.rename(request.principal!.userId, request.params.id, request.body.name);
      return ok(request, null);
    });

    app.delete('/miners/groups/:id', {
      config: { access: access.permissions('miner.view') },
      schema: { tags, summary: 'Delete a group; its workers return to the default group', params: groupIdParamsSchema, response: { 200: envelope(z.null()) } },
    }, async (request) => {
      await deps.groups.remove(request.principal!.userId, request.params.id);
      return ok(request, null);
    });

    app.delete('/pools/:pool/accounts/:account/miners', {
      config: { access: access.permissions('miner.view') },
      schema: { tags, summary: 'Clear selected, all inactive or all dead workers', params: poolAccountParamsSchema, body: clearWorkersBodySchema, response: changed },
    }, async (request) => {
      const { coin, accountId } = await scope(request, request.params.account);
      return ok(request, { count: await deps.groups.clear(accountId, coin, request.body.mode, request.body.worker_ids) });
    });

    const series = { 200: envelope(hashrateSeriesSchema) };

    app.get('/pools/:pool/accounts/:account/hashrates', {
      config: { access: access.observerReadable('pool.view') },
      schema: { tags, summary: 'Hashrate chart of a sub-account: 24 h of 10-minute points or 30 d of hourly points', params: poolAccountParamsSchema, querystring: hashrateQuerySchema, response: series },
    }, async (request) => {
      const { coin, accountId } = await scope(request, request.params.account);
      return ok(request, await deps.history.series({ table: 'owner_history', coin, owner: accountId }, request.query.range));
    });

    app.get('/pools/:pool/accounts/:account/miners/:miner', {
      config: { access: access.observerReadable('miner.view') },
      schema: { tags, summary: 'One worker', params: minerParamsSchema, response: { 200: envelope(minerRowSchema) } },
    }, async (request) => {
      const { coin, accountId } = await scope(request, request.params.account);
      return ok(request, await deps.workers.detail(accountId, coin, request.params.miner));
    });

    app.get('/pools/:pool/accounts/:account/miners/:miner/hashrates', {
      config: { access: access.observerReadable('miner.view') },
      schema: { tags, summary: 'Hashrate chart of one worker', params: minerParamsSchema, querystring: hashrateQuerySchema, response: series },
    }, async (request) => {
      const { coin, accountId } = await scope(request, request.params.account);
      const worker = await deps.workers.detail(accountId, coin, request.params.miner); // ownership first
      return ok(request, await deps.history.series({ table: 'worker_history', workerId: worker.id }, request.query.range));
    });

    app.get('/pools/:pool/hashrates', {
      config: { access: access.public },
      schema: { tags, summary: 'Hashrate chart of the whole pool for a coin', params: poolParamsSchema, querystring: hashrateQuerySchema, response: series },
    }, async (request) => {
      const coin = findCoin(request.params.pool);
      if (!coin) throw new AppError('coin_not_found');
      return ok(request, await deps.history.series({ table: 'pool_history', coin: coin.code }, request.query.range));
    });

    app.get('/pools/:pool/accounts/:account/alert-settings', {
      config: { access: access.permissions('pool.view') },
      schema: { tags, summary: 'Alert settings of a sub-account and coin', params: poolAccountParamsSchema, response: { 200: envelope(alertSettingsSchema) } },
    }, async (request) => {
      const { coin, accountId } = await scope(request, request.params.account);
      return ok(request, await deps.alerts.settings(accountId, coin));
    });

    app.put('/pools/:pool/accounts/:account/alert-settings', {
      config: { access: access.permissions('pool.view') },
      schema: { tags, summary: 'Offline alert, hashrate threshold, repeat interval, email', params: poolAccountParamsSchema, body: alertSettingsBodySchema, response: { 200: envelope(z.null()) } },
    }, async (request) => {
      const { coin, accountId } = await scope(request, request.params.account);
      await deps.alerts.saveSettings(request.principal!.userId, accountId, coin, request.body);
      return ok(request, null);
    });

    // A worker group's hashrate alarm: the owner's, like the account's alert settings (not an observer's).
    app.get('/pools/:pool/accounts/:account/group-alerts', {
      config: { access: access.permissions('pool.view') },
      schema: { tags, summary: 'Hashrate alarm of each worker group: the group\'s 15-minute hashrate and threshold (the default group has none)', params: poolAccountParamsSchema, response: { 200: envelope(groupAlertListSchema) } },
    }, async (request) => {
      const { coin, accountId } = await scope(request, request.params.account);
      return ok(request, await deps.groups.alarms(accountId, coin));
    });

    app.put('/miners/groups/:id/alert-settings', {
      config: { access: access.permissions('pool.view') },
      schema: { tags, summary: 'Set or remove (null) a group\'s hashrate alarm threshold, H/s; repeat interval and email are the sub-account\'s', params: groupIdParamsSchema, body: groupAlertBodySchema, response: { 200: envelope(z.null()) } },
    }, async (request) => {
      await deps.groups.setAlarm(request.principal!.userId, request.params.id, request.body.hashrate_threshold);
      return ok(request, null);
    });

    app.get('/pools/coin-pages', {
      config: { access: access.public },
      schema: { tags, summary: 'Every coin at a glance: pool and network hashrate, active workers and miners, blocks', response: { 200: envelope(coinPagesSchema) } },
    }, async (request) => ok(request, await deps.blocks.coinPages()));

    app.get('/pools/:pool/stratum', {
      config: { access: access.public },
      schema: { tags, summary: 'Where miners of a coin connect: the stratum URLs announced in the last 5 minutes (else the configured ones) and the login format', params: poolParamsSchema, response: { 200: envelope(poolStratumSchema) } },
    }, async (request) => ok(request, await deps.stratum.forCoin(request.params.pool)));

    app.get('/pools/:pool/blocks', {
      config: { access: access.public },
      schema: { tags, summary: 'Blocks the pool found for a coin (also /pools/xtm/blocks), newest first', params: poolParamsSchema, querystring: pageQuerySchema, response: { 200: envelope(blockPageSchema) } },
    }, async (request) => ok(request, await deps.blocks.list(request.params.pool, request.query.page, request.query.page_size)));

    app.get('/pools/:pool/network-hashrate', {
      config: { access: access.public },
      schema: { tags, summary: 'Network hashrate chart from the reported difficulty', params: poolParamsSchema, querystring: hashrateQuerySchema, response: series },
    }, async (request) => ok(request, await deps.blocks.networkSeries(request.params.pool, request.query.range)));
  };
}
