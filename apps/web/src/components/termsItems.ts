/** The numbered terms of use, in order; each is `terms.items.<key>` in the catalogues. */
export const TERMS_ITEMS = [
  'one_offer',
  'winner_48h',
  'no_contract',
  'refusal',
  'defects',
  'breaches',
  'suspension',
  'closing',
  'changes',
] as const;
