import { describe, expect, it } from 'vitest';
import { browserCopyWins, type KeptDraft } from './useOfferDraftSync.ts';

const kept = (over: Partial<KeptDraft>): KeptDraft => ({ drafts: [], comment: '', agreed: false, ...over });
const V1 = '2026-12-03T10:00:00.000Z';
const V2 = '2026-12-03T10:05:00.000Z';

describe('which copy of an offer in progress comes back on opening', () => {
  it('what was typed but never reached the server (the session ended) comes back over the server draft it was typed on', () => {
    expect(browserCopyWins(kept({ base: V1, unsaved: true }), V1)).toBe(true);
    expect(browserCopyWins(kept({ base: null, unsaved: true }), null)).toBe(true);
  });

  it('the server draft comes back once it has what the browser kept, or when it was saved later on another device', () => {
    expect(browserCopyWins(kept({ base: V1, unsaved: false }), V1)).toBe(false);
    expect(browserCopyWins(kept({ base: V1, unsaved: true }), V2)).toBe(false);
  });

  it('a draft ended elsewhere (the offer was sent) does not come back from the browser', () => {
    expect(browserCopyWins(kept({ base: V1, unsaved: true }), null)).toBe(false);
    expect(browserCopyWins(null, V1)).toBe(false);
  });

  it('copies kept before the version stamp existed count as saved', () => {
    expect(browserCopyWins(kept({}), null)).toBe(false);
  });
});
