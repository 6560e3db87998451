// Mobile-ID phone rule (spec 2, §5): a leading + is added if missing; if the number then does not start with
// +372, its leading character is replaced by +372. One implementation, shared with the server (packages/shared).
import { normaliseMobilePhone } from '@portal/shared';

export const PHONE_PREFIX = '+372';
export const normalisePhone = normaliseMobilePhone;
