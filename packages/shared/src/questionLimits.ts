// The lengths of a tender question and its answer (issue 32), without zod: the web's pages import them.
export const QUESTION_MAX_LENGTH = 1000;
export const ANSWER_MAX_LENGTH = 2000;
