import type { FastifyInstance } from 'fastify';
import type { OutboxHandler } from '../../lib/outbox.ts';

export const directoOutboxHandler =
  (_app: FastifyInstance): OutboxHandler =>
  async () => {
    throw new Error('directo export not built yet');
  };
