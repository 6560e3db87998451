// Questions while a tender runs (issue 32, point 6): the request and answer shapes of
// /tenders/{id}/questions/. A question never names the asking company; `mine` tells its own company.
import { z } from 'zod';
import { ANSWER_MAX_LENGTH, QUESTION_MAX_LENGTH } from './questionLimits.ts';

export const tenderQuestion = z.object({
  id: z.number(),
  /** The line asked about; null: the whole tender. */
  detail: z.number().nullable(),
  question: z.string(),
  answer: z.string().nullable(),
  asked: z.string(),
  answered: z.string().nullable(),
  /** The caller's own company asked it. */
  mine: z.boolean(),
});
export type TenderQuestion = z.infer<typeof tenderQuestion>;

const dbId = z.number('invalid').int('invalid').positive('invalid').max(2147483647, 'invalid_id');

export const questionAsk = z.object({
  question: z.string('required').max(QUESTION_MAX_LENGTH, 'too_long'),
  detail: dbId.nullable().optional(),
});
export type QuestionAsk = z.infer<typeof questionAsk>;

export const questionAnswer = z.object({
  answer: z.string('required').max(ANSWER_MAX_LENGTH, 'too_long'),
  /** A later finish for the ACTIVE tender (ISO 8601), when the answer changes the requirement. */
  finish: z.iso.datetime({ offset: true, message: 'invalid' }).nullable().optional(),
});
export type QuestionAnswer = z.infer<typeof questionAnswer>;

/** GET a tender's questions answer. */
export const tenderQuestionList = z.array(tenderQuestion);
