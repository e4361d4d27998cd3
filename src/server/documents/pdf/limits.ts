import { pdfWorkerCount } from "./pool";

// Per-user bound on PDF renders. The pool (pool.ts) keeps rendering off the request thread;
// this keeps one user from filling the pool: at most IN_FLIGHT renders of a user are in the
// pool at once, up to WAITING more wait their turn here (a user opening ten PDFs in tabs is
// served, in order, while other users' renders enter the pool between them); beyond that the
// request is refused at once with 429 and Retry-After, before any work.

export const PDF_IN_FLIGHT_PER_USER = 2;
export const PDF_WAITING_PER_USER = 8;
export const PDF_RETRY_AFTER_SECONDS = 5;
export const TOO_MANY_PDFS = "Troppe richieste di PDF in corso, riprova tra poco";

interface Line {
  running: number;
  waiting: (() => void)[];
  /** When this key last started a render (a tick of the limiter's clock): the least recent goes first. */
  served: number;
}

export class TooManyPdfsError extends Error {
  constructor() {
    super(TOO_MANY_PDFS);
  }
}

/**
 * Per-key slots, fair across keys (issue 26). At most `capacity` renders run at once, all keys
 * together (the pool's workers: nothing piles up in the pool's own FIFO queue, where one user's
 * ten renders would sit ahead of everybody else's); each key runs at most `inFlight` and queues
 * `maxWaiting` more, the rest are refused. A freed slot goes to the next key in turn (round
 * robin), each key's own renders in their order.
 */
export class PdfLimiter {
  private readonly lines = new Map<string, Line>();
  private running = 0;
  private clock = 0;

  constructor(
    readonly inFlight = PDF_IN_FLIGHT_PER_USER,
    readonly maxWaiting = PDF_WAITING_PER_USER,
    readonly capacity = Infinity,
  ) {}

  /** Runs `fn` in one of the key's slots; TooManyPdfsError (synchronously checked) when full. */
  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    let line = this.lines.get(key);
    if (!line) this.lines.set(key, (line = { running: 0, waiting: [], served: 0 }));
    if (line.running < this.inFlight && this.running < this.capacity && line.waiting.length === 0) {
      this.start(line);
    } else {
      // A key holds inFlight + maxWaiting renders in all, however many of them the pool lets run.
      if (line.running + line.waiting.length >= this.inFlight + this.maxWaiting) throw new TooManyPdfsError();
      // Started by dispatch(), which counts the slot before waking it.
      await new Promise<void>((resolve) => line.waiting.push(resolve));
    }
    try {
      return await fn();
    } finally {
      line.running--;
      this.running--;
      this.dispatch();
      if (line.running === 0 && line.waiting.length === 0) this.lines.delete(key);
    }
  }

  private start(line: Line) {
    line.running++;
    line.served = ++this.clock;
    this.running++;
  }

  /**
   * Fills free slots: each goes to the waiting key with the fewest renders running, and among
   * those to the one served least recently, so keys take turns whatever their queue's length.
   */
  private dispatch() {
    while (this.running < this.capacity) {
      let next: Line | null = null;
      for (const line of this.lines.values()) {
        if (!line.waiting.length || line.running >= this.inFlight) continue;
        if (!next || line.running < next.running || (line.running === next.running && line.served < next.served))
          next = line;
      }
      if (!next) return;
      this.start(next);
      next.waiting.shift()!();
    }
  }

  /** Renders running and waiting for a key (tests, diagnostics). */
  pending(key: string) {
    const line = this.lines.get(key);
    return { running: line?.running ?? 0, waiting: line?.waiting.length ?? 0 };
  }
}

/** One limiter for the process, as wide as the pool it feeds (one render per worker at a time). */
export const pdfLimiter = new PdfLimiter(PDF_IN_FLIGHT_PER_USER, PDF_WAITING_PER_USER, pdfWorkerCount());
