/**
 * glibc's allocator, left to its defaults, kept the server at several hundred MB more than it uses
 * (docs/operations.md#memory): each thread that allocates gets an arena of its own (the database thread, image
 * processing, V8's compiler threads), and large image buffers land in those arenas once the allocator has raised
 * its own threshold for handing them to the OS, then stay there as holes. Two arenas and a fixed 256 KB threshold
 * (large blocks are mapped and unmapped one by one) cost no measurable throughput. Both are read only when a
 * process starts, so the server replaces itself once with them set (same process id, before anything else has
 * run); an operator's own MALLOC_ARENA_MAX leaves everything as the operator set it.
 */
const TUNING = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: String(256 * 1024) };

function onGlibc(): boolean {
  if (process.platform !== 'linux') return false;
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  return Boolean(header?.glibcVersionRuntime);
}

if (process.env.MALLOC_ARENA_MAX === undefined && typeof process.execve === 'function' && onGlibc()) {
  try {
    process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], { ...TUNING, ...process.env });
  } catch {
    // Not allowed here (a sandbox without execve): run with the allocator's defaults.
  }
}
