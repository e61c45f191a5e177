// HTTP only: schemas from packages/shared, the access policy, then the service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  advertisementListSchema,
  campaignJoinSchema,
  campaignParamsSchema,
  campaignSchema,
  joinedCampaignListSchema,
  announcementPageSchema,
  announcementQuerySchema,
  envelope,
  footerLinkListSchema,
  healthSchema,
  parametersQuerySchema,
  parametersSchema,
  poolListSchema,
  ratesSchema,
  sliderListSchema,
  sliderQuerySchema,
} from '@hashpool/shared';
import { access } from '../../platform/access';
import { AppError, ok } from '../../platform/errors';
import { perMinute } from '../../platform/request-context';
import type { ContentService } from './content.service';

export function contentRoutes(service: ContentService, version: string) {
  return async (plain: FastifyInstance) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const tags = ['content'];

    app.get('/health', {
      config: { access: access.public, rateLimit: false },
      schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: envelope(healthSchema) } },
    }, async (request) => {
      if (!(await service.databaseAnswers())) throw new AppError('system_error');
      return ok(request, { status: 'ok' as const, database: 'ok' as const, version });
    });

    app.get('/pools', {
      config: { access: access.public },
      schema: { tags, summary: 'Coins the pool mines, from the coin registry', response: { 200: envelope(poolListSchema) } },
    }, async (request) => ok(request, await service.pools()));

    app.get('/parameters', {
      config: { access: access.public },
      schema: { tags, summary: 'Public site parameters', querystring: parametersQuerySchema, response: { 200: envelope(parametersSchema) } },
    }, async (request) => {
      const keys = request.query.keys?.split(',').map((k) => k.trim()).filter(Boolean);
      return ok(request, await service.parameters(keys));
    });

    app.get('/media/footer-link/list', {
      config: { access: access.public },
      schema: { tags, summary: 'Footer links in the caller language', response: { 200: envelope(footerLinkListSchema) } },
    }, async (request) => ok(request, await service.footerLinks(request.lang)));

    app.get('/media/announcement/list', {
      config: { access: access.public },
      schema: { tags, summary: 'Published announcements, newest first', querystring: announcementQuerySchema, response: { 200: envelope(announcementPageSchema) } },
    }, async (request) => ok(request, await service.announcements(request.lang, request.query.page, request.query.page_size)));

    app.get('/sliders', {
      config: { access: access.public },
      schema: { tags, summary: 'Banners of a page position', querystring: sliderQuerySchema, response: { 200: envelope(sliderListSchema) } },
    }, async (request) => ok(request, await service.sliders(request.lang, request.query.position)));

    app.get('/advertisements', {
      config: { access: access.public },
      schema: { tags, summary: 'Advertisements running now', response: { 200: envelope(advertisementListSchema) } },
    }, async (request) => ok(request, await service.advertisements(request.lang)));

    app.get('/campaigns/:slug', {
      config: { access: access.public },
      schema: { tags, summary: 'A campaign page (sales, goldshell) in the caller language, with its window; null when none is enabled (the page shows its empty state)', params: campaignParamsSchema, response: { 200: envelope(campaignSchema.nullable()) } },
    }, async (request) => ok(request, await service.campaign(request.lang, request.params.slug)));

    app.post('/campaigns/:slug/join', {
      config: { access: access.permissions('user.view'), ...perMinute(20) },
      schema: { tags, summary: 'Join the running campaign of a page (once; again answers the first joining)', params: campaignParamsSchema, response: { 200: envelope(campaignJoinSchema) } },
    }, async (request) => ok(request, await service.join(request.principal!.userId, request.params.slug)));

    app.get('/user/campaigns', {
      config: { access: access.permissions('user.view') },
      schema: { tags, summary: 'The campaigns the caller joined, latest first, with their state', response: { 200: envelope(joinedCampaignListSchema) } },
    }, async (request) => ok(request, await service.joined(request.principal!.userId, request.lang)));

    app.get('/v2/wallets/currency/rates', {
      config: { access: access.public },
      schema: { tags, summary: 'Fiat rates per 1 CNY (CNY is 1)', response: { 200: envelope(ratesSchema) } },
    }, async (request) => ok(request, await service.rates()));
  };
}
