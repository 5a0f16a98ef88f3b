import { COLLECTION_NAME_MAX_LENGTH, type CollectionSummary } from '@app/shared/api/collections';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { BusyButton } from '../../components/form/busy-button';
import { ProblemMessage } from '../../components/form/form-message';
import { CheckIcon, CollectionIcon, LockIcon } from '../../components/icons/line-icons';
import { useCreateCollection, useMyCollections, useSetInCollection } from './collection-queries';
import '../../components/form/forms.css';
import '../../styles/cluster.css';
import '../../styles/stack.css';
import './collection.css';

type AddToCollectionProps = {
  mediaId: string;
  /** False for a visitor: the button asks them to sign in instead (`onSignIn`). */
  signedIn: boolean;
  onSignIn: () => void;
};

/**
 * "Add to collection" (issue 46): a button that opens a small menu of the person's collections,
 * each ticked when it holds this item (a press adds or takes it out), and "New collection…",
 * which makes one and puts the item in it. Shown inline, under the button, so it never falls
 * off a phone's screen.
 */
export function AddToCollection({ mediaId, signedIn, onSignIn }: AddToCollectionProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const close = () => setOpen(false);
  return (
    <div className="collect stack">
      <button
        type="button"
        className="collect__toggle inline-row"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (signedIn ? setOpen((shown) => !shown) : onSignIn())}
      >
        <CollectionIcon />
        <span>Add to collection</span>
      </button>
      {open && <CollectionMenu id={menuId} mediaId={mediaId} onClose={close} />}
    </div>
  );
}

function CollectionMenu({ id, mediaId, onClose }: { id: string; mediaId: string; onClose: () => void }) {
  const collections = useMyCollections({ mediaId });
  const setIn = useSetInCollection();
  const [pending, setPending] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [naming, setNaming] = useState(false);
  const list = collections.data?.collections ?? [];
  const full = collections.data !== undefined && list.length >= collections.data.maxCollections;

  const toggle = async (collection: CollectionSummary) => {
    setPending(collection.id);
    setProblem(null);
    try {
      await setIn.mutateAsync({ collectionId: collection.id, mediaId, inCollection: !collection.hasItem });
    } catch (error) {
      setProblem(errorMessage(error, 'That did not save. Please try again.'));
    } finally {
      setPending(null);
    }
  };

  // Escape closes the menu, not the viewer under it.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };

  return (
    <div id={id} className="collect__menu stack" role="group" aria-label="Your collections" onKeyDown={onKeyDown} data-testid="collection-menu">
      {collections.isPending && <div className="collect__loading skeleton-card" aria-hidden="true" />}
      {collections.isError && <p className="collect__note">Your collections could not be loaded.</p>}
      {collections.isSuccess && list.length === 0 && !naming && <p className="collect__note">No collections yet: make your first one.</p>}
      {list.length > 0 && (
        <ul className="collect__list stack">
          {list.map((collection) => (
            <li key={collection.id}>
              <button
                type="button"
                className="collect__item row"
                role="menuitemcheckbox"
                aria-checked={Boolean(collection.hasItem)}
                disabled={pending !== null}
                onClick={() => void toggle(collection)}
              >
                <span className="collect__tick place-center" aria-hidden="true">
                  {collection.hasItem && <CheckIcon />}
                </span>
                <span className="collect__name truncate">{collection.name}</span>
                {!collection.public && (
                  <span className="collect__private" title="Private">
                    <LockIcon />
                    <span className="visually-hidden">Private</span>
                  </span>
                )}
                <span className="collect__count">{collection.itemCount}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ProblemMessage id={`${id}-problem`} problem={problem} />
      {naming ? (
        <NewCollectionForm mediaId={mediaId} onDone={() => setNaming(false)} />
      ) : (
        <button type="button" className="collect__new" onClick={() => setNaming(true)} disabled={full}>
          {full ? 'You have as many collections as you may' : 'New collection…'}
        </button>
      )}
    </div>
  );
}

/** A name, then Create: the new collection (private) holds this item at once. */
function NewCollectionForm({ mediaId, onDone }: { mediaId: string; onDone: () => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateCollection();
  const setIn = useSetInCollection();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setProblem('Give the collection a name.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const { collection } = await create.mutateAsync({ name: name.trim(), public: false });
      await setIn.mutateAsync({ collectionId: collection.id, mediaId, inCollection: true });
      onDone();
    } catch (error) {
      setProblem(errorMessage(error, 'The collection was not made. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="collect__form stack" onSubmit={(event) => void submit(event)} noValidate aria-label="New collection">
      <label htmlFor={`${id}-name`} className="visually-hidden">
        Collection name
      </label>
      <div className="collect__form-row row">
        <input
          id={`${id}-name`}
          className="field__input collect__input"
          placeholder="Name, e.g. Neon nights"
          maxLength={COLLECTION_NAME_MAX_LENGTH}
          autoComplete="off"
          autoFocus
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        <BusyButton type="submit" className="button button--primary button--small" busy={busy}>
          Create
        </BusyButton>
      </div>
      <ProblemMessage id={`${id}-problem`} problem={problem} />
    </form>
  );
}
