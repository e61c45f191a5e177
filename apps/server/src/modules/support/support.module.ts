// The support module in the registry: support tickets, their thread and attachments, and the
// operators' queue; its job removes uploads never attached to a message (support.jobs.ts).
import { defineModule } from '../../platform/modules';
import { startSupportJobs } from './support.jobs';
import { supportRoutes } from './support.routes';
import { TicketsService } from './tickets.service';

export interface SupportApi {
  tickets: TicketsService;
}

export const supportModule = defineModule({
  name: 'support',
  dependsOn: ['accounts', 'content'],
  create: (p, use) => {
    const content = use('content').content;
    return {
      tickets: new TicketsService(p.db, p.clock, {
        files: p.files,
        notifications: p.notifications,
        mailer: p.mailer,
        audit: p.audit,
        accounts: use('accounts').directory,
        siteName: async () => (await content.parameters(['site_name'])).site_name ?? 'Hashpool',
        log: p.log,
      }),
    };
  },
  routes: (api) => supportRoutes(api.tickets),
  jobs: (api, p) => startSupportJobs({ db: p.db, tickets: api.tickets, log: p.log }),
});
