// Questions while a tender runs (issue 32, point 6): list, ask, answer (with an optional later finish).
// Thin: the rules live in questions.ts.
import {
  questionAnswer,
  questionAsk,
  questionParams,
  tenderIdParams,
  tenderQuestion,
  tenderQuestionList,
} from '@portal/shared';
import { BUYERS, currentUser, EVERYONE } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { viewerOf } from './access.ts';
import { answerQuestion, askQuestion, listQuestions } from './questions.ts';

const SUPPLIER = ['SUPPLIER'] as const;

export default async function routes(app: ZApp) {
  app.get(
    '/tenders/:id/questions/',
    {
      config: { access: EVERYONE },
      schema: {
        summary: "A tender's questions: buyers all, suppliers the answered ones and their company's own",
        tags: ['tenders'],
        params: tenderIdParams,
        response: { 200: tenderQuestionList },
      },
    },
    async (request) => listQuestions(app.db, await viewerOf(app.db, currentUser(request)), request.params.id),
  );

  app.post(
    '/tenders/:id/questions/',
    {
      config: { access: SUPPLIER },
      schema: {
        summary: 'Ask a question on an ACTIVE tender or one of its lines',
        tags: ['tenders'],
        params: tenderIdParams,
        body: questionAsk,
        response: { 201: tenderQuestion },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(app.db, currentUser(request));
      return reply.code(201).send(await askQuestion(app.db, viewer, request.params.id, request.body));
    },
  );

  app.patch(
    '/tenders/:id/questions/:qid/',
    {
      config: { access: BUYERS },
      schema: {
        summary:
          "Answer a supplier's question (or correct the answer); optionally move the ACTIVE tender's finish later",
        tags: ['tenders'],
        params: questionParams,
        body: questionAnswer,
        response: { 200: tenderQuestion },
      },
    },
    async (request) => {
      const viewer = await viewerOf(app.db, currentUser(request));
      return answerQuestion(app.db, viewer, request.params.id, request.params.qid, request.body);
    },
  );
}
