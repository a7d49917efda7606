import { beforeEach, describe, expect, it } from 'vitest';
import {
  $searchHistory,
  addSearch,
  clearSearches,
  removeSearch,
  visibleSearches,
} from '../../src/stores/search-history.ts';

describe('search history (device-local, spec §2/§9)', () => {
  beforeEach(() => clearSearches());

  it('keeps the newest first without duplicates', () => {
    addSearch('英超');
    addSearch('湖人');
    addSearch('  英超 ');
    expect($searchHistory.get()).toEqual(['英超', '湖人']);
  });

  it('ignores blank input', () => {
    addSearch('   ');
    expect($searchHistory.get()).toEqual([]);
  });

  it('shows at most 6, and deleting one brings back the next', () => {
    for (const w of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) addSearch(w);
    expect(visibleSearches($searchHistory.get())).toEqual(['g', 'f', 'e', 'd', 'c', 'b']);
    removeSearch('e');
    expect(visibleSearches($searchHistory.get())).toEqual(['g', 'f', 'd', 'c', 'b', 'a']);
  });

  it('clears all', () => {
    addSearch('欧冠');
    clearSearches();
    expect($searchHistory.get()).toEqual([]);
  });
});
