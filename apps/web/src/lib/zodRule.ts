// An antd form rule from a shared zod schema: the same rule and message key as the server, translated.
import type { FormRule } from 'antd';
import type { z } from 'zod';
import { errorText } from '../i18n/index.ts';

export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value) => {
      const r = schema.safeParse(value);
      if (!r.success) throw new Error(errorText(r.error.issues[0]?.message ?? 'invalid'));
    },
  };
}
