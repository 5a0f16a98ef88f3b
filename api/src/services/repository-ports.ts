import type { Repositories } from '@app/shared/server/repositories';

type RepositoryName = Exclude<keyof Repositories, 'transaction'>;

/**
 * The repositories a service uses, each narrowed to the methods it calls:
 * `RepositoryPorts<{ drafts: 'create' | 'list' }>`. The full `createRepositories(db)` satisfies
 * it, and a unit test fakes only those methods.
 */
export type RepositoryPorts<Uses extends { [R in RepositoryName]?: keyof Repositories[R] }> = {
  [R in keyof Uses & RepositoryName]: Pick<Repositories[R], Uses[R] & keyof Repositories[R]>;
};
