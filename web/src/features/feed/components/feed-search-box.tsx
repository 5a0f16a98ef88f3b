import { FEED_SEARCH_MAX_LENGTH } from '@app/shared/api/feed';
import { type FormEvent, useRef, useState } from 'react';
import { CloseIcon, SearchIcon } from '../../../components/icons/line-icons';
import { type FeedSearch, searchTextOf, searchToFilter } from '../feed-search';

type FeedSearchBoxProps = {
  search: FeedSearch;
  onSearch: (search: FeedSearch) => void;
};

/** The feed's search: words of prompts and tags, or `#tag`, sent on Enter; the box follows the address (Back, a chip's clear). */
export function FeedSearchBox({ search, onSearch }: FeedSearchBoxProps) {
  const active = searchTextOf(search);
  const [draft, setDraft] = useState(active);
  const [shown, setShown] = useState(active);
  if (shown !== active) {
    setShown(active);
    setDraft(active);
  }
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(searchToFilter(draft));
    // On a touch screen the keyboard would hide the results.
    if (window.matchMedia('(pointer: coarse)').matches) input.current?.blur();
  };
  const clear = () => {
    setDraft('');
    if (active) onSearch({ q: null, tag: null });
    input.current?.focus();
  };

  return (
    <form className="feed-search" role="search" onSubmit={submit}>
      <label htmlFor="feed-search-input" className="visually-hidden">
        Search creations
      </label>
      <SearchIcon />
      <input
        ref={input}
        id="feed-search-input"
        className="feed-search__input"
        type="search"
        name="q"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        maxLength={FEED_SEARCH_MAX_LENGTH}
        placeholder="Search prompts or #tags"
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
      />
      {draft && (
        <button type="button" className="feed-search__clear place-center" aria-label="Clear search" onClick={clear}>
          <CloseIcon />
        </button>
      )}
    </form>
  );
}
