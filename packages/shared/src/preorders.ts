// Pre-orders (spec 3 "Pre-order add/edit", §5, §7): what the form sends. The list and read answers are tender
// lines (`detailLine`, tenders.ts).
import { z } from 'zod';

const idRef = z.number().int().positive().max(2147483647, 'invalid_id');
const qty = z
  .union([z.string().max(30, 'too_long'), z.number()])
  .nullable()
  .optional();

/** POST /details/ and the pre-order fields of PATCH /details/{id}/. Status is always PREPARED. */
export const preorderWrite = z.object({
  part: idRef.nullable().optional(),
  replacement_qty: qty,
  replenishment_qty: qty,
  warehouse: idRef.nullable().optional(),
  qty,
  status: z.literal('PREPARED', 'invalid_choice').optional(),
});
export type PreorderWrite = z.infer<typeof preorderWrite>;

/** The fields that make a PATCH /details/{id}/ a pre-order edit (rather than a tender-form line edit). */
export const PREORDER_FIELDS = ['part', 'warehouse', 'replacement_qty'] as const;
