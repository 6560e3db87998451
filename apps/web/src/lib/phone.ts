// Mobile-ID phone rule (spec 2, §5): a leading + is added if missing; if the number then does not start with
// +372, its leading character is replaced by +372.
export const PHONE_PREFIX = '+372';

export function normalisePhone(input: string): string {
  let v = input.replace(/[\s-]/g, '');
  if (!v) return v;
  if (!v.startsWith('+')) v = `+${v}`;
  if (!v.startsWith(PHONE_PREFIX)) v = PHONE_PREFIX + v.slice(1);
  return v;
}
