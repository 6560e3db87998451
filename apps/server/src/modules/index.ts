// Every area registers here: its routes (under /api), its outbox handlers, its scheduler hooks.
import type { FastifyInstance } from 'fastify';
import type { OutboxHandlers } from '../lib/outbox.ts';
import type { TransitionHooks } from '../lib/scheduler.ts';
import authRoutes from './auth/routes.ts';
import blacklistRoutes from './blacklist/routes.ts';
import catalogueRoutes from './catalogue/routes.ts';
import detailsRoutes from './details/routes.ts';
import { directoOutboxHandler } from './integrations/directo.ts';
import moduleRoutes from './integrations/modules.ts';
import integrationsRoutes from './integrations/routes.ts';
import { emailOutboxHandler } from './notifications/mailer.ts';
import notificationsRoutes from './notifications/routes.ts';
import profileRoutes from './profile/routes.ts';
import setupRoutes from './setup/routes.ts';
import systemRoutes from './system/routes.ts';
import tenderExportRoutes from './tenders/exportRoutes.ts';
import { tenderSchedulerHooks } from './tenders/lifecycle.ts';
import tendersRoutes from './tenders/routes.ts';

export const routeModules = [
  systemRoutes,
  authRoutes,
  profileRoutes,
  setupRoutes,
  catalogueRoutes,
  blacklistRoutes,
  detailsRoutes,
  tendersRoutes,
  tenderExportRoutes,
  notificationsRoutes,
  integrationsRoutes,
  moduleRoutes,
];

export function outboxHandlers(app: FastifyInstance): OutboxHandlers {
  return { email: emailOutboxHandler(app), directo_export: directoOutboxHandler(app) };
}

export function schedulerHooks(app: FastifyInstance): TransitionHooks {
  return tenderSchedulerHooks(app);
}
