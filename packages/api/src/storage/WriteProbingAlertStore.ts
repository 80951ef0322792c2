import { type Kysely } from 'kysely';
import { type DatabaseSchema } from './DatabaseSchema';
import { KyselyAlertStore } from './KyselyAlertStore';

/**
 * The Kysely store whose {@link probe} (for `GET /status`) also takes the write lock: an empty
 * transaction, which on SQLite begins IMMEDIATE. Reads alone would pass while another connection
 * holds SQLite's write lock (WAL lets readers in), though no write can be made (issue #27 item 4);
 * on PostgreSQL it is two round trips more.
 */
export class WriteProbingAlertStore extends KyselyAlertStore {
  constructor(
    private readonly database: Kysely<DatabaseSchema>,
    kind: 'sqlite' | 'postgres',
  ) {
    super(database, kind);
  }

  override async probe(): Promise<void> {
    await super.probe();
    await this.database.transaction().execute(async () => undefined);
  }
}
