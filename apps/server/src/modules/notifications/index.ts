// The notifications module's public API for other modules: queueing e-mails (outbox rows written in the caller's
// transaction) and the template language of a recipient. Other modules import from here, never from the module's
// internal files.
export { queueEmail, queueEmails, templateLanguage } from './mailer.ts';
