import type { Upload } from '@app/shared/server/db';
import type { Repositories } from '@app/shared/server/repositories';
import { anUpload } from './rows';

type UploadsPort = Pick<Repositories['uploads'], 'insert' | 'findByPublicId'>;

/** The uploads table in memory, for the services that record uploads and resolve sources. */
export class FakeUploads implements UploadsPort {
  readonly rows: Upload[] = [];
  /** Set to make the next insert fail (a lost connection). */
  failInsert = false;

  constructor(rows: Upload[] = []) {
    this.rows.push(...rows);
  }

  insert: UploadsPort['insert'] = async (upload) => {
    if (this.failInsert) throw new Error('connection lost');
    const row = anUpload({
      id: `upload-${this.rows.length + 1}`,
      public_id: upload.public_id,
      user_id: upload.user_id ?? null,
      folder: upload.folder,
      resource_type: upload.resource_type,
      format: upload.format,
      content_type: upload.content_type,
      bytes: upload.bytes,
      width: upload.width,
      height: upload.height,
      duration_seconds: upload.duration_seconds ?? null,
      storage_key: upload.storage_key,
      created_at: new Date(),
    });
    this.rows.push(row);
    return row;
  };

  findByPublicId: UploadsPort['findByPublicId'] = async (publicId) => this.rows.find((r) => r.public_id === publicId);
}
