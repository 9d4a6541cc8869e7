// A PostgreSQL wire-protocol bridge from a Unix socket to one PGlite instance, in place of PGLiteSocketServer
// (pglite-socket 0.2.17), whose queue interleaves single messages of different connections: one connection's
// Bind can run against another's Parse ("unnamed prepared statement does not exist", or silently the wrong
// statement), and one failed message stops its queue for good (electric-sql/pglite#1046). Here a connection's
// messages run as whole batches (up to Sync or a simple Query), a connection that holds a transaction or an
// unfinished extended-protocol exchange keeps the session until it lets go, and a failure ends only that
// connection. See docs/decisions/0008-own-pglite-socket-bridge.md.
import net from 'node:net';

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const GSS_REQUEST = 80877104;
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'

/** @param {{ db: import('@electric-sql/pglite').PGlite, path: string, maxConnections?: number }} options */
export function createBridge({ db, path, maxConnections = 16 }) {
  /** @type {{ conn: Connection, bytes: Uint8Array, settles: boolean, resolve: () => void }[]} */
  const queue = [];
  /** The connection that holds the session (in a transaction or mid extended-protocol exchange), if any. */
  let owner = null;
  let running = false;
  const connections = new Set();

  /** Frees the session from a connection that went away, rolling back what it left open. */
  async function release() {
    if (db.isInTransaction()) await db.exec('ROLLBACK').catch(() => {});
    owner = null;
  }

  async function pump() {
    if (running) return;
    running = true;
    try {
      for (;;) {
        const index = owner ? queue.findIndex((job) => job.conn === owner) : 0;
        if (index < 0 || queue.length === 0) break;
        const [job] = queue.splice(index, 1);
        try {
          await db.runExclusive(() =>
            db.execProtocolRawStream(job.bytes, {
              onRawData: (chunk) => {
                if (!job.conn.closed) job.conn.socket.write(Buffer.from(chunk));
              },
            }),
          );
          // A batch ending in Sync or Query lets go of the session unless it left a transaction open.
          owner = db.isInTransaction() || !job.settles ? job.conn : null;
        } catch (err) {
          job.conn.fail(err);
        }
        if (job.conn.closed && owner === job.conn) await release();
        job.resolve();
      }
    } finally {
      running = false;
    }
  }

  class Connection {
    constructor(socket) {
      this.socket = socket;
      this.buffer = Buffer.alloc(0);
      this.started = false;
      this.closed = false;
      this.chain = Promise.resolve();
      socket.setNoDelay(true);
      socket.on('data', (data) => this.receive(data));
      socket.on('error', () => this.close());
      socket.on('close', () => this.close());
    }

    receive(data) {
      this.buffer = Buffer.concat([this.buffer, data]);
      const batches = [];
      let start = 0;
      let offset = 0;
      for (;;) {
        if (!this.started) {
          if (this.buffer.length - offset < 8) break;
          const length = this.buffer.readInt32BE(offset);
          const code = this.buffer.readInt32BE(offset + 4);
          if (this.buffer.length - offset < length) break;
          if (code === SSL_REQUEST || code === GSS_REQUEST) {
            this.socket.write('N');
            offset += length;
            start = offset;
            continue;
          }
          if (code === CANCEL_REQUEST) {
            this.socket.end();
            return;
          }
          offset += length;
          batches.push({ bytes: this.buffer.subarray(start, offset), settles: true });
          start = offset;
          this.started = true;
          continue;
        }
        if (this.buffer.length - offset < 5) break;
        const type = this.buffer[offset];
        const length = this.buffer.readInt32BE(offset + 1);
        if (this.buffer.length - offset < length + 1) break;
        offset += length + 1;
        if (type === TERMINATE) {
          this.close();
          return;
        }
        if (type === SYNC || type === QUERY) {
          batches.push({ bytes: this.buffer.subarray(start, offset), settles: true });
          start = offset;
        }
      }
      // Messages after the last Sync (a Flush-driven exchange) go now too, but keep the session for this connection.
      if (offset > start) {
        batches.push({ bytes: this.buffer.subarray(start, offset), settles: false });
        start = offset;
      }
      this.buffer = Buffer.from(this.buffer.subarray(start));
      for (const batch of batches) {
        const bytes = new Uint8Array(batch.bytes);
        this.chain = this.chain.then(
          () =>
            new Promise((resolve) => {
              if (this.closed) return resolve();
              queue.push({ conn: this, bytes, settles: batch.settles, resolve });
              void pump();
            }),
        );
      }
    }

    fail(err) {
      console.error('[pglite-bridge] connection failed:', err);
      this.close();
    }

    close() {
      if (this.closed) return;
      this.closed = true;
      connections.delete(this);
      this.socket.destroy();
      for (let i = queue.length - 1; i >= 0; i -= 1) {
        const job = queue[i];
        if (job?.conn === this) {
          queue.splice(i, 1);
          job.resolve();
        }
      }
      // A client gone mid-transaction must not leave the shared session in it; a running pump does this itself
      // after the connection's current batch.
      if (owner === this && !running) void release().then(pump);
    }
  }

  const server = net.createServer((socket) => {
    if (connections.size >= maxConnections) {
      socket.end();
      return;
    }
    connections.add(new Connection(socket));
  });

  return {
    start: () => new Promise((resolve, reject) => server.once('error', reject).listen(path, () => resolve())),
    stop: () =>
      new Promise((resolve) => {
        for (const c of [...connections]) c.close();
        server.close(() => resolve());
      }),
  };
}
