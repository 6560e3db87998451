import type { FastifyInstance } from 'fastify';
import type { TransitionHooks } from '../../lib/scheduler.ts';

export const tenderSchedulerHooks = (_app: FastifyInstance): TransitionHooks => ({});
