import { LocalStorage } from './local-storage';
import type { LocalStorageOptions } from './local-storage';
import { S3Storage } from './s3-storage';
import type { S3StorageOptions } from './s3-storage';
import type { Storage } from './storage';

export type StorageOptions = ({ driver: 'local' } & LocalStorageOptions) | ({ driver: 's3' } & S3StorageOptions);

/** Picks the driver from config (`config.storage` has exactly this shape). */
export function createStorage(options: StorageOptions): Storage {
  switch (options.driver) {
    case 'local':
      return new LocalStorage({ root: options.root, publicBaseUrl: options.publicBaseUrl });
    case 's3': {
      const { driver: _driver, ...s3 } = options;
      return new S3Storage(s3);
    }
    default: {
      const unknown: never = options;
      throw new Error(`Unknown storage driver: ${JSON.stringify((unknown as { driver?: unknown }).driver)}`);
    }
  }
}
