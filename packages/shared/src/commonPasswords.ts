// The common-password list: 49,000 passwords most often seen in leaks, from the MIT-licensed
// @zxcvbn-ts/language-common package (its "passwords-common" dictionary). Kept out of the package's index so
// the web bundle does not carry it; the server imports `@portal/shared/common-passwords`.
import { dictionary } from '@zxcvbn-ts/language-common';

let list: Set<string> | null = null;

/** The list, loaded on first use. */
export function commonPasswords(): Set<string> {
  list ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return list;
}

/** True when the password (compared case-insensitively) is on the common-password list. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
