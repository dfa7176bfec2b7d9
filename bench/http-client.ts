/**
 * A lean keep-alive HTTP/1.1 client for the bench's load children, on a raw `node:net` socket.
 * node:http's client cost about 0.3–0.5 ms of CPU per request here, as much as PostgreSQL spends
 * on a statement, and the load shares the 2 cores with the server under test.
 *
 * One socket per Connection and one request at a time on it (as a browser's keep-alive socket).
 * A request is written as one Buffer: the fixed part (request line, Host, Content-Type, the
 * connection's own headers such as its bearer token) is built once per `Route`; only
 * Content-Length, any per-request headers and the body are formatted per request. The answer is
 * parsed just enough: status line, Content-Length or chunked encoding, `Connection: close`; the
 * body bytes are kept only when the caller asks for them (`wantBody`), else skipped. Reads go
 * into one static buffer shared by every connection (`onread`: no stream, no Buffer per read).
 * A socket the server closed is reopened on the next request; a request it was carrying answers
 * status 0 (as node:http's `error` event did for the load loops).
 */
import net from 'node:net';

/** `text` is '' when the body was not wanted. */
export type Answer = { status: number; text: string };

/** The prebuilt start of a POST to one path, up to and including `Content-Length: `. */
export type Route = { head: Buffer };

const HEAD_END = Buffer.from('\r\n\r\n');
// Every read lands here and is parsed before the next one (one thread): what must outlive a read is copied.
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);
const CRLF = Buffer.from('\r\n');
const always = () => true;

type Waiting = { resolve: (a: Answer) => void; reject: (e: Error) => void; wantBody: (status: number) => boolean };

export class Connection {
  private socket: net.Socket | null = null;
  private readonly url: URL;
  private waiting: Waiting | null = null;
  // Parser state for the answer under way.
  private pending: Buffer | null = null; // bytes not consumed yet (head or chunked body in progress)
  private status = 0;
  private remaining = -1; // Content-Length body bytes still to come; -1 while reading the head
  private chunked = false;
  private keep = false; // body wanted
  private parts: Buffer[] = []; // copies (the read buffer is reused)
  private closeAfter = false;

  constructor(url: URL) {
    this.url = url;
  }

  /** The fixed part of a JSON POST to `path`; `headers` are sent with every request on it (e.g. authorization). */
  route(path: string, headers: Record<string, string> = {}): Route {
    let s = `POST ${path} HTTP/1.1\r\nHost: ${this.url.host}\r\nContent-Type: application/json\r\n`;
    for (const [k, v] of Object.entries(headers)) s += `${k}: ${v}\r\n`;
    return { head: Buffer.from(`${s}Content-Length: `, 'latin1') };
  }

  /**
   * Sends `body` on `route`. `headers`: extra header lines for this request only (ASCII, each
   * ending in \r\n). `wantBody(status)`: whether to keep the answer's body (default: always).
   */
  post(route: Route, body: string, headers = '', wantBody: (status: number) => boolean = always): Promise<Answer> {
    if (this.waiting) throw new Error('one request at a time per connection');
    const socket = this.open();
    const bodyLength = Buffer.byteLength(body);
    const middle = `${bodyLength}\r\n${headers}\r\n`;
    const buf = Buffer.allocUnsafe(route.head.length + middle.length + bodyLength);
    route.head.copy(buf, 0);
    let at = route.head.length;
    at += buf.write(middle, at, 'latin1');
    buf.write(body, at, 'utf8');
    return new Promise<Answer>((resolve, reject) => {
      this.waiting = { resolve, reject, wantBody };
      socket.write(buf);
    });
  }

  close() {
    this.socket?.destroy();
    this.socket = null;
  }

  private open(): net.Socket {
    if (this.socket && !this.socket.destroyed) return this.socket;
    this.reset();
    const onread = (n: number) => {
      if (this.socket !== s) return true;
      try {
        this.onData(READ_BUFFER.subarray(0, n));
      } catch (e) {
        // Not an answer this client understands: fail loudly rather than count it.
        const w = this.waiting;
        this.waiting = null;
        this.close();
        w?.reject(e as Error);
      }
      return true; // keep reading
    };
    const s = net.connect({ host: this.url.hostname, port: Number(this.url.port || 80), noDelay: true, onread: { buffer: READ_BUFFER, callback: onread } });
    const lost = () => {
      if (this.socket !== s) return;
      this.socket = null;
      this.answer(0);
    };
    s.on('error', lost);
    s.on('close', lost);
    this.socket = s;
    return s;
  }

  private reset() {
    this.pending = null;
    this.status = 0;
    this.remaining = -1;
    this.chunked = false;
    this.keep = false;
    this.parts = [];
    this.closeAfter = false;
  }

  private answer(status: number, text = '') {
    const w = this.waiting;
    this.waiting = null;
    if (this.closeAfter) this.close();
    this.reset();
    w?.resolve({ status, text });
  }

  /** `d` is only valid during this call. */
  private onData(d: Buffer) {
    let buf = this.pending ? Buffer.concat([this.pending, d]) : d;
    this.pending = null;
    while (buf.length) {
      if (this.remaining < 0 && !this.chunked) {
        // The head.
        const headEnd = buf.indexOf(HEAD_END);
        if (headEnd < 0) {
          this.pending = Buffer.from(buf);
          return;
        }
        this.readHead(buf.toString('latin1', 0, headEnd));
        buf = buf.subarray(headEnd + 4);
        if (this.remaining === 0) {
          this.answer(this.status);
          continue;
        }
      }
      if (this.chunked) {
        const used = this.readChunks(buf);
        if (used < 0) {
          this.pending = Buffer.from(buf);
          return;
        }
        buf = buf.subarray(used);
        continue;
      }
      const n = Math.min(this.remaining, buf.length);
      this.remaining -= n;
      if (this.keep && this.remaining === 0 && this.parts.length === 0) {
        // The whole body in this read (the usual case): decode it in place.
        const text = buf.toString('utf8', 0, n);
        buf = buf.subarray(n);
        this.answer(this.status, text);
        continue;
      }
      if (this.keep) this.parts.push(Buffer.from(buf.subarray(0, n)));
      buf = buf.subarray(n);
      if (this.remaining === 0) this.finish();
    }
  }

  private readHead(head: string) {
    if (!head.startsWith('HTTP/1.')) throw new Error(`not an HTTP/1.x answer: ${head.slice(0, 80)}`);
    this.status = (head.charCodeAt(9) - 48) * 100 + (head.charCodeAt(10) - 48) * 10 + (head.charCodeAt(11) - 48);
    this.keep = this.waiting?.wantBody(this.status) ?? false;
    const lower = head.toLowerCase();
    this.closeAfter = lower.includes('\r\nconnection: close');
    const cl = lower.indexOf('\r\ncontent-length:');
    if (cl >= 0) {
      const lineEnd = lower.indexOf('\r\n', cl + 17);
      this.remaining = parseInt(lower.slice(cl + 17, lineEnd < 0 ? undefined : lineEnd), 10);
      if (!(this.remaining >= 0)) throw new Error(`bad Content-Length: ${head.slice(cl + 2, cl + 60)}`);
    } else if (/\r\ntransfer-encoding:[^\r]*chunked/.test(lower)) {
      this.chunked = true;
    } else if (this.status === 204 || this.status === 304 || this.status < 200) {
      this.remaining = 0;
    } else {
      throw new Error(`answer with neither Content-Length nor chunked encoding: ${head.split('\r\n')[0]}`);
    }
  }

  /** Chunks at the start of `buf`: bytes used when the last chunk and trailer are in, -1 while incomplete (nothing kept then). */
  private readChunks(buf: Buffer): number {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = buf.indexOf(CRLF, at);
      if (lineEnd < 0) return -1;
      const size = parseInt(buf.toString('latin1', at, lineEnd), 16);
      if (!(size >= 0)) throw new Error(`bad chunk size: ${buf.toString('latin1', at, Math.min(lineEnd, at + 20))}`);
      if (size === 0) {
        // Trailer (usually empty) up to the blank line.
        const end = buf.indexOf(CRLF, lineEnd + 2) === lineEnd + 2 ? lineEnd + 4 : buf.indexOf(HEAD_END, lineEnd) + 4;
        if (end < 4 || end > buf.length) return -1;
        this.parts = this.keep ? parts.map((x) => Buffer.from(x)) : [];
        this.finish();
        return end;
      }
      if (buf.length < lineEnd + 2 + size + 2) return -1;
      if (this.keep) parts.push(buf.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
  }

  private finish() {
    const text = !this.keep ? '' : this.parts.length === 1 ? this.parts[0].toString('utf8') : Buffer.concat(this.parts).toString('utf8');
    this.answer(this.status, text);
  }
}
