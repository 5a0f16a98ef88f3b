import { COLLECTION_NAME_MAX_LENGTH, type CollectionSummary } from '@app/shared/api/collections';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { BusyButton } from '../../../components/form/busy-button';
import { ProblemMessage } from '../../../components/form/form-message';
import { CollectionIcon, GlobeIcon, LockIcon, PenIcon, TrashIcon } from '../../../components/icons/line-icons';
import { PanelEmpty } from '../../../components/page/panel-empty';
import { PanelHeader } from '../../../components/page/panel-header';
import { paths } from '../../../config/paths';
import { useCreateCollection, useDeleteCollection, useMyCollections, useUpdateCollection } from '../../../entities/collection/collection-queries';
import { resolveMediaUrl } from '../../../entities/media/media-item';
import '../../../components/form/forms.css';
import '../../../styles/cluster.css';
import '../../../styles/stack.css';
import './collections-tab.css';

const plural = (count: number, one: string, many: string) => `${count.toLocaleString()} ${count === 1 ? one : many}`;

/**
 * The profile's Collections tab: a form for a new one, then each collection as a card with its
 * cover, name and count, and Rename, Public/Private and Delete. A public one links to its page.
 */
export function CollectionsTab() {
  const collections = useMyCollections();
  const list = collections.data?.collections ?? [];
  const max = collections.data?.maxCollections;
  return (
    <>
      <PanelHeader
        title="Collections"
        subtitle="Group creations you love, yours or anyone's. A public collection has a page you can share; a private one is yours alone."
      />
      <NewCollection full={max !== undefined && list.length >= max} />
      {collections.isPending && <div className="collections__skeleton skeleton-card" aria-hidden="true" />}
      {collections.isError && (
        <PanelEmpty icon={<CollectionIcon />} title="Your collections didn't load" text="Check your connection and try again.">
          <button type="button" className="button button--primary" onClick={() => void collections.refetch()}>
            Try again
          </button>
        </PanelEmpty>
      )}
      {collections.isSuccess && list.length === 0 && (
        <PanelEmpty icon={<CollectionIcon />} title="No collections yet" text="Make one above, or open any creation and choose Add to collection." />
      )}
      {list.length > 0 && (
        <ul className="collections__grid" data-testid="collections-list">
          {list.map((collection) => (
            <CollectionCard key={collection.id} collection={collection} />
          ))}
        </ul>
      )}
    </>
  );
}

function NewCollection({ full }: { full: boolean }) {
  const id = useId();
  const [name, setName] = useState('');
  const [isPublic, setPublic] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateCollection();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setProblem('Give the collection a name.');
      return;
    }
    setProblem(null);
    try {
      await create.mutateAsync({ name: name.trim(), public: isPublic });
      setName('');
    } catch (error) {
      setProblem(errorMessage(error, 'The collection was not made. Please try again.'));
    }
  };

  return (
    <form className="collections__new stack" onSubmit={(event) => void submit(event)} noValidate aria-label="New collection">
      <div className="collections__new-row cluster">
        <label htmlFor={`${id}-name`} className="visually-hidden">
          New collection name
        </label>
        <input
          id={`${id}-name`}
          className="field__input collections__input"
          placeholder="New collection name"
          maxLength={COLLECTION_NAME_MAX_LENGTH}
          autoComplete="off"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        <label className="collections__public inline-row">
          <input type="checkbox" checked={isPublic} onChange={(event) => setPublic(event.target.checked)} />
          Public
        </label>
        <BusyButton type="submit" className="button button--primary" busy={create.isPending} disabled={full}>
          Create
        </BusyButton>
      </div>
      {full && <p className="collections__note">You have as many collections as you may: delete one to make another.</p>}
      <ProblemMessage id={`${id}-problem`} problem={problem} />
    </form>
  );
}

function CollectionCard({ collection }: { collection: CollectionSummary }) {
  const id = useId();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(collection.name);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateCollection();
  const remove = useDeleteCollection();
  const cover = resolveMediaUrl(collection.cover);

  const save = async (changes: { name?: string; public?: boolean }) => {
    setProblem(null);
    try {
      await update.mutateAsync({ collectionId: collection.id, ...changes });
      setRenaming(false);
    } catch (error) {
      setProblem(errorMessage(error, 'That did not save. Please try again.'));
    }
  };
  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) setProblem('Give the collection a name.');
    else void save({ name: name.trim() });
  };

  return (
    <li className="collection-card stack" data-testid="collection-card">
      <Link to={paths.collection.getHref(collection.id)} className="collection-card__cover place-center" aria-label={`Open ${collection.name}`}>
        {cover ? <img className="cover" src={cover} alt="" loading="lazy" decoding="async" /> : <CollectionIcon />}
      </Link>
      <div className="collection-card__body stack">
        {renaming ? (
          <form className="collection-card__rename cluster" onSubmit={rename} noValidate aria-label={`Rename ${collection.name}`}>
            <label htmlFor={`${id}-name`} className="visually-hidden">
              Name
            </label>
            <input
              id={`${id}-name`}
              className="field__input collections__input"
              maxLength={COLLECTION_NAME_MAX_LENGTH}
              autoComplete="off"
              value={name}
              onChange={(event) => setName(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  setRenaming(false);
                  setName(collection.name);
                }
              }}
            />
            <BusyButton type="submit" className="button button--primary button--small" busy={update.isPending}>
              Save
            </BusyButton>
            <button type="button" className="button button--small" onClick={() => {
                setRenaming(false);
                setName(collection.name);
              }}>
              Cancel
            </button>
          </form>
        ) : (
          <Link to={paths.collection.getHref(collection.id)} className="collection-card__name truncate" data-testid="collection-card-name">
            {collection.name}
          </Link>
        )}
        <p className="collection-card__meta inline-row">
          {collection.public ? <GlobeIcon /> : <LockIcon />}
          {collection.public ? 'Public' : 'Private'} · {plural(collection.itemCount, 'creation', 'creations')}
        </p>
        <div className="collection-card__actions cluster">
          <span className="collection-card__switch inline-row">
            <span id={`${id}-public`}>Public</span>
            <button
              type="button"
              role="switch"
              className="switch"
              aria-checked={collection.public}
              aria-labelledby={`${id}-public`}
              // Not disabled while it saves: a disabled button drops the keyboard's focus.
              aria-disabled={update.isPending || undefined}
              onClick={() => {
                if (!update.isPending) void save({ public: !collection.public });
              }}
            >
              <span className="switch__thumb" />
            </button>
          </span>
          <button type="button" className="collection-card__action inline-row" onClick={() => setRenaming(true)} disabled={renaming}>
            <PenIcon />
            Rename
          </button>
          <button type="button" className="collection-card__action collection-card__action--danger inline-row" onClick={() => setConfirming(true)}>
            <TrashIcon />
            Delete
          </button>
        </div>
        <ProblemMessage id={`${id}-problem`} problem={problem} />
      </div>
      <ConfirmDialog
        open={confirming}
        tone="danger"
        title={`Delete “${collection.name}”?`}
        message="The collection goes; the creations in it stay where they are."
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void remove
            .mutateAsync(collection.id)
            .then(() => setConfirming(false))
            .catch((error: unknown) => {
              setConfirming(false);
              setProblem(errorMessage(error, 'The collection was not deleted. Please try again.'));
            })
        }
      />
    </li>
  );
}
