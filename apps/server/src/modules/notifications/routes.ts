// E-mail templates and e-mail settings (spec 3 §7 "E-mail"): Administrator only, as the menu entries are.

import {
  settingsItem,
  settingsPatch,
  smtpTestAnswer,
  smtpTestBody,
  templateItem,
  templateListQuery,
  templatePatch,
} from '@portal/shared';
import { ADMIN } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { idParams, paged } from '../../lib/list.ts';
import * as svc from './service.ts';

export default async function routes(app: ZApp) {
  const tags = ['notifications'];
  const access = ADMIN;

  app.get(
    '/email_templates/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'List e-mail templates with their placeholder tags.',
        operationId: 'listEmailTemplates',
        querystring: templateListQuery,
        response: { 200: paged(templateItem) },
      },
    },
    (request) => svc.listTemplates(app.db, request.query),
  );
  app.get(
    '/email_templates/:id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Read one e-mail template.',
        operationId: 'getEmailTemplate',
        params: idParams,
        response: { 200: templateItem },
      },
    },
    (request) => svc.getTemplate(app.db, request.params.id),
  );
  app.patch(
    '/email_templates/:id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Change the subject and content of an e-mail template.',
        operationId: 'updateEmailTemplate',
        params: idParams,
        body: templatePatch,
        response: { 200: templateItem },
      },
    },
    (request) => svc.updateTemplate(app.db, request.params.id, request.body),
  );

  app.get(
    '/emails/:id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Read the e-mail settings.',
        operationId: 'getEmailSettings',
        params: idParams,
        response: { 200: settingsItem },
      },
    },
    (request) => svc.getSettings(app.db, request.params.id),
  );
  app.patch(
    '/emails/:id/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Change the e-mail settings.',
        operationId: 'updateEmailSettings',
        params: idParams,
        body: settingsPatch,
        response: { 200: settingsItem },
      },
    },
    (request) => svc.updateSettings(app.db, request.params.id, request.body),
  );
  app.post(
    '/test_smtp/',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Test the e-mail settings on the configured SMTP server.',
        operationId: 'testSmtp',
        body: smtpTestBody,
        response: { 200: smtpTestAnswer },
      },
    },
    // The answer is the bare text 'OK' when the settings work, otherwise 'FAILED: <reason>'.
    async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(await svc.testSmtp(app.db, request.body ?? {}, app.config.SMTP_URL)),
  );
}
