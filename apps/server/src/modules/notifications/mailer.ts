import type { FastifyInstance } from 'fastify';
import type { OutboxHandler } from '../../lib/outbox.ts';

export const emailOutboxHandler =
  (_app: FastifyInstance): OutboxHandler =>
  async () => {
    throw new Error('mailer not built yet');
  };
