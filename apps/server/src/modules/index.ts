// Every area registers here: its routes (under /api), its outbox handlers, its scheduler hooks, and the writes one
// module hands another that cannot import it (the account writes of users and suppliers for auth).
import type { FastifyInstance } from 'fastify';
import type { OutboxHandlers } from '../lib/outbox.ts';
import type { TransitionHooks } from '../lib/scheduler.ts';
import accountRoutes from './auth/accountRoutes.ts';
import { setAccountWriters } from './auth/index.ts';
import authRoutes from './auth/routes.ts';
import termsRoutes from './auth/termsRoutes.ts';
import blacklistRoutes from './blacklist/routes.ts';
import breachesRoutes from './breaches/routes.ts';
import categoryRoutes from './catalogue/categoryRoutes.ts';
import partRoutes from './catalogue/partRoutes.ts';
import catalogueRoutes from './catalogue/routes.ts';
import unitRoutes from './catalogue/units.ts';
import deliveriesRoutes from './deliveries/routes.ts';
import detailsRoutes from './details/routes.ts';
import eidRoutes from './eid/routes.ts';
import filesRoutes from './files/routes.ts';
import { businessCentralOutboxHandler } from './integrations/businessCentral.ts';
import businessCentralRoutes from './integrations/businessCentralRoutes.ts';
import { directoOutboxHandler } from './integrations/directo.ts';
import moduleRoutes from './integrations/modules.ts';
import integrationsRoutes from './integrations/routes.ts';
import noticeRoutes from './notices/routes.ts';
import { emailOutboxHandler } from './notifications/mailer.ts';
import notificationsRoutes from './notifications/routes.ts';
import profileRoutes from './profile/routes.ts';
import reportsRoutes from './reports/routes.ts';
import setupRoutes from './setup/routes.ts';
import { insertRegisteredSupplier, switchSupplierActive } from './suppliers/index.ts';
import suppliersRoutes from './suppliers/routes.ts';
import systemRoutes from './system/routes.ts';
import tenderExportRoutes from './tenders/exportRoutes.ts';
import { tenderSchedulerHooks } from './tenders/lifecycle.ts';
import tenderLineRoutes from './tenders/lineRoutes.ts';
import tenderMatrixRoutes from './tenders/matrixRoutes.ts';
import offerToolRoutes from './tenders/offerToolRoutes.ts';
import tenderQuestionRoutes from './tenders/questionRoutes.ts';
import refusalRoutes from './tenders/refusalRoutes.ts';
import tendersRoutes from './tenders/routes.ts';
import suggestionRoutes from './tenders/suggestionRoutes.ts';
import supplierSideRoutes from './tenders/supplierSideRoutes.ts';
import { insertRegisteredUser, recordLogin, setUserPasswordHash, switchUserActive } from './users/index.ts';
import usersRoutes from './users/routes.ts';

// The account rules of auth (registration, password reset, (de)activation, sign-in) write users and suppliers rows,
// whose modules import auth: their writes are handed over here, so auth does not import them back.
setAccountWriters({
  insertRegisteredSupplier,
  insertRegisteredUser,
  setUserPasswordHash,
  switchUserActive,
  switchSupplierActive,
  recordLogin,
});

export const routeModules = [
  systemRoutes,
  noticeRoutes,
  authRoutes,
  accountRoutes,
  eidRoutes,
  profileRoutes,
  setupRoutes,
  catalogueRoutes,
  categoryRoutes,
  unitRoutes,
  blacklistRoutes,
  detailsRoutes,
  tendersRoutes,
  tenderLineRoutes,
  tenderExportRoutes,
  tenderMatrixRoutes,
  tenderQuestionRoutes,
  offerToolRoutes,
  notificationsRoutes,
  deliveriesRoutes,
  integrationsRoutes,
  moduleRoutes,
  usersRoutes,
  suppliersRoutes,
  filesRoutes,
  partRoutes,
  businessCentralRoutes,
  reportsRoutes,
  termsRoutes,
  refusalRoutes,
  breachesRoutes,
  suggestionRoutes,
  supplierSideRoutes,
];

export function outboxHandlers(app: FastifyInstance): OutboxHandlers {
  return {
    email: emailOutboxHandler(app),
    directo_export: directoOutboxHandler(app),
    bc_sync: businessCentralOutboxHandler(app),
  };
}

export function schedulerHooks(app: FastifyInstance): TransitionHooks {
  return tenderSchedulerHooks(app);
}
